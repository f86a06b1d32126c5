package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.karmi.spi.transport.Technology;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/** The DS component built without OSGi: configuration over framework properties, the registered technology, changes. */
@Timeout(30)
@ExtendWith(ShmDirectory.class)
class ParaStationComponentTest {

    /** A bundle context answering framework properties and recording the live registered services. */
    static BundleContext framework(Map<String, String> frameworkProperties, List<Object> registered) {
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                    switch (method.getName()) {
                        case "getProperty":
                            return frameworkProperties.get((String) args[0]);
                        case "registerService":
                            Object service = args[1];
                            registered.add(service);
                            return Proxy.newProxyInstance(ServiceRegistration.class.getClassLoader(),
                                    new Class<?>[] {ServiceRegistration.class}, (p, m, a) -> {
                                        if (m.getName().equals("unregister")) {
                                            registered.remove(service);
                                            return null;
                                        }
                                        throw new UnsupportedOperationException(m.getName());
                                    });
                        default:
                            throw new UnsupportedOperationException(method.getName());
                    }
                });
    }

    @Test
    void frameworkPropertyNamesTheDomainDirectoryAndConfigurationWins(Path dir) {
        List<Object> registered = new ArrayList<>();
        ParaStationComponent fromFramework = new ParaStationComponent(Map.of(),
                framework(Map.of("karmi.parastation.domainDirectory", dir.toString()), registered));
        ParaStationComponent configured = new ParaStationComponent(Map.of("domainDirectory", dir + "/b"),
                framework(Map.of("karmi.parastation.domainDirectory", dir.toString()), registered));
        try {
            assertEquals(dir, fromFramework.technology().config().domainDirectory());
            assertEquals(dir.resolve("b"), configured.technology().config().domainDirectory());
        } finally {
            fromFramework.deactivate();
            configured.deactivate();
        }
    }

    @Test
    void registeredServiceIsTheTechnologyAndDeactivationRemovesItsNodeFiles(Path dir) throws Exception {
        List<Object> registered = new ArrayList<>();
        ParaStationComponent c = new ParaStationComponent(Map.of("domainDirectory", dir.toString()),
                framework(Map.of(), registered));
        TestContext node = new TestContext();
        try {
            assertEquals(List.of(c.technology()), registered);
            Technology t = (Technology) registered.get(0);
            t.start(node);
            assertTrue(nodeFiles(dir) > 0, "a started node has its files in the domain");
        } finally {
            c.deactivate();
        }
        assertTrue(registered.isEmpty());
        assertEquals(0, nodeFiles(dir), "deactivation removed the node's files");
    }

    @Test
    void changedConfigurationReplacesOnlyTheTechnologyAndAnUnchangedOneKeepsIt(Path dir) {
        List<Object> registered = new ArrayList<>();
        ParaStationComponent c = new ParaStationComponent(Map.of("domainDirectory", dir.toString()),
                framework(Map.of(), registered));
        try {
            ParaStationTechnology first = c.technology();
            c.modified(Map.of("domainDirectory", dir.toString()));
            assertSame(first, c.technology());
            c.modified(Map.of("domainDirectory", dir.toString(), "failureLogIntervalMs", 500L));
            assertNotSame(first, c.technology());
            assertEquals(500, c.technology().config().failureLogIntervalMs());
            assertEquals(List.of(c.technology()), registered);
        } finally {
            c.deactivate();
        }
    }

    @Test
    void badValueIsRejectedNamingTheKey(Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ParaStationComponent(Map.of("maxConnections", "many"), framework(Map.of(), new ArrayList<>())));
        assertTrue(e.getMessage().contains("maxConnections"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("b")));
    }

    private static long nodeFiles(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("node-")).count();
        }
    }
}
