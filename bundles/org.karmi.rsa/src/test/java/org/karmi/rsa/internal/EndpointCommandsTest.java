package org.karmi.rsa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.aries.rsa.spi.Endpoint;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.RemoteRuntime;
import org.karmi.core.internal.KarmiNode;
import org.karmi.core.internal.NodeFactory;
import org.osgi.framework.ServiceReference;

/**
 * {@code karmi:endpoints}: one row per exported endpoint and per imported service, with
 * direction, endpoint id, interfaces, node, intents and calls, in the shell's table style.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EndpointCommandsTest {

    public interface Greeter {
        String hello(String name);
    }

    private RemoteRuntime node;
    private KarmiDistributionProvider provider;

    @BeforeEach
    void start() throws Exception {
        node = new NodeFactory().create();
        provider = new KarmiDistributionProvider(node, List.of(), null);
    }

    @AfterEach
    void stop() {
        provider.deactivate();
        ((KarmiNode) node).close();
    }

    /** The reference of a service Aries registered for an imported endpoint. */
    private static ServiceReference<?> imported(Map<String, Object> props) {
        return (ServiceReference<?>) Proxy.newProxyInstance(ServiceReference.class.getClassLoader(),
                new Class<?>[] {ServiceReference.class}, (p, m, a) -> m.getName().equals("getProperty") ? props.get(a[0])
                        : null);
    }

    @Test
    void listsExportedAndImportedEndpoints() throws Exception {
        Map<String, Object> props = new HashMap<>();
        props.put("objectClass", new String[] {Greeter.class.getName()});
        props.put("service.id", 7L);
        Endpoint e = provider.exportService((Greeter) n -> "hello " + n, null, props, new Class<?>[] {Greeter.class});
        Greeter g = (Greeter) provider.importEndpoint(Greeter.class.getClassLoader(), null, new Class<?>[] {Greeter.class},
                e.description());
        g.hello("a");
        g.hello("b");
        String id = e.description().getId();
        String nodeHex = (String) e.description().getProperties().get(KarmiEndpoints.NODE);
        Map<String, Object> imp = new HashMap<>(e.description().getProperties());
        imp.put("service.imported", "true");
        String out = new EndpointCommands(provider, null).table(List.copyOf(provider.exportedEndpoints()),
                List.of(imported(imp)));
        String[] lines = out.split("\n");
        assertEquals(3, lines.length, out);
        assertTrue(lines[0].matches("dir +endpoint +interfaces +node +intents +calls"), lines[0]);
        assertTrue(lines[1].matches("export +" + id + " +" + Greeter.class.getName().replace("$", "\\$") + " +" + nodeHex
                + " +osgi.basic,osgi.async +2"), lines[1]);
        assertTrue(lines[2].matches("import +" + id + " +.*Greeter +" + nodeHex + " +osgi.basic,osgi.async +2"), lines[2]);
        e.close();
        assertEquals("no endpoints exported or imported over KaRMI\n",
                new EndpointCommands(provider, null).table(List.copyOf(provider.exportedEndpoints()), List.of()));
    }
}
