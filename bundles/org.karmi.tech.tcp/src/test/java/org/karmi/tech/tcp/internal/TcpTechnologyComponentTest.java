package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Technology;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/** The DS component built without OSGi: configuration defaults, overrides, the registered technology, changes. */
@Timeout(30)
class TcpTechnologyComponentTest {

    /** A configuration as DS would build it: the annotation's defaults, some overridden. */
    static TcpConfiguration config(Map<String, Object> overrides) {
        return (TcpConfiguration) Proxy.newProxyInstance(TcpConfiguration.class.getClassLoader(),
                new Class<?>[] {TcpConfiguration.class},
                (proxy, method, args) -> overrides.containsKey(method.getName()) ? overrides.get(method.getName())
                        : method.getDefaultValue());
    }

    @Test
    void configurationDefaultsAreTheNamedConstants() {
        TcpConfiguration c = config(Map.of());
        TcpSettings d = TcpSettings.defaults();
        assertEquals(d, new TcpSettings(c.host(), c.port(), c.idleTimeoutMillis(), c.connectTimeoutMillis(),
                c.maxFrameBytes(), c.spinMicros(), c.maxConnections(), c.serverIdleTimeoutMillis(), c.logIntervalMillis()));
    }

    /**
     * A bundle context that answers framework properties and records the services registered
     * through it ({@code registered}: the live ones).
     */
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

    static TcpTechnologyComponent component(Map<String, Object> configured, Map<String, String> frameworkProperties) {
        return new TcpTechnologyComponent(configured, framework(frameworkProperties, new ArrayList<>()));
    }

    @Test
    void frameworkPropertyIsTheFallbackForUnconfiguredKeysAndConfigurationWins() throws Exception {
        TestContext node = new TestContext(3);
        TcpTechnologyComponent fromFramework = component(Map.of(), Map.of("karmi.tcp.port", "0"));
        TcpTechnologyComponent configured = component(Map.of("port", 0), Map.of("karmi.tcp.port", "99999"));
        try {
            fromFramework.technology().start(node);
            int port = TcpAddress.decode(fromFramework.technology().localUtid()).getPort();
            assertNotEquals(TcpSettings.DEFAULT_PORT, port, "karmi.tcp.port=0 gave an ephemeral port");
            configured.technology().start(node); // the configured 0 wins over the invalid framework property
        } finally {
            fromFramework.deactivate();
            configured.deactivate();
            node.shutdown();
        }
    }

    @Test
    void registeredServiceIsTheTcpTechnologyItselfSoNoSpiMethodIsLostInForwarding() throws Exception {
        List<Object> registered = new ArrayList<>();
        TcpTechnologyComponent server = new TcpTechnologyComponent(Map.of("port", 0), framework(Map.of(), registered));
        TcpTechnologyComponent client = component(Map.of("port", 0), Map.of());
        TestContext serverNode = new TestContext(1);
        TestContext clientNode = new TestContext(2);
        try {
            assertEquals(List.of(server.technology()), registered);
            Technology tcp = (Technology) registered.get(0);
            assertEquals("tcp", tcp.name());
            tcp.start(serverNode);
            client.technology().start(clientNode);
            assertEquals("tcp 127.0.0.1:" + TcpAddress.decode(tcp.localUtid()).getPort(), tcp.describe(tcp.localUtid()));
            Connection c = client.technology().acquire(tcp.localUtid(), Tcp.TIMEOUT);
            assertArrayEquals(new byte[] {'E', 9}, Tcp.call(c, new byte[] {'E', 9}, Tcp.TIMEOUT));
            c.release();
            assertEquals(1, tcp.statistics().callsReceived());
        } finally {
            client.deactivate();
            server.deactivate();
            serverNode.shutdown();
            clientNode.shutdown();
        }
        assertTrue(registered.isEmpty(), "deactivation unregisters the technology");
    }

    @Test
    void changedConfigurationReplacesOnlyTheTechnologyAndAnUnchangedOneKeepsIt() {
        List<Object> registered = new ArrayList<>();
        TcpTechnologyComponent c = new TcpTechnologyComponent(Map.of("port", 0), framework(Map.of(), registered));
        try {
            TcpTechnology first = c.technology();
            c.modified(Map.of("port", "0"));
            assertSame(first, c.technology(), "the same settings keep the running technology");
            c.modified(Map.of("port", 0, "serverIdleTimeoutMillis", 5_000L));
            assertNotSame(first, c.technology());
            assertEquals(5_000L, c.technology().settings().serverIdleTimeoutMillis());
            assertEquals(List.of(c.technology()), registered, "one technology registered at a time");
        } finally {
            c.deactivate();
        }
    }

    @Test
    void changeLineNamesTheChangedKeysAndHidesTlsValues() {
        TcpTechnologyComponent.Settings before = new TcpTechnologyComponent.Settings(TcpSettings.defaults(),
                TlsSettings.DISABLED);
        TcpTechnologyComponent.Settings after = new TcpTechnologyComponent.Settings(TcpSettings.defaults().withPort(2100),
                new TlsSettings(false, "", "secret", "", "", true, false));
        assertEquals(List.of("port 2099 -> 2100", "tls settings"), TcpTechnologyComponent.changes(before, after));
    }

    @Test
    void socketFactoriesComeFromAnArrayAListOrAFrameworkPropertyAndTheirChangeIsNamed() {
        BundleContext none = framework(Map.of(), new ArrayList<>());
        assertEquals(List.of("a.B", "c.*"), TcpTechnologyComponent.settings(
                Map.of(ClientFactories.KEY, new String[] {"a.B", "c.*"}), none).socketFactories());
        assertEquals(List.of("d.**"), TcpTechnologyComponent.settings(Map.of(ClientFactories.KEY, List.of("d.**")), none)
                .socketFactories());
        assertEquals(List.of("e.F", "g.H"), TcpTechnologyComponent.settings(Map.of(),
                framework(Map.of("karmi.tcp.socketFactories", "e.F, g.H"), new ArrayList<>())).socketFactories());
        assertEquals(List.of(), TcpTechnologyComponent.settings(Map.of(), none).socketFactories());
        TcpTechnologyComponent.Settings before = new TcpTechnologyComponent.Settings(TcpSettings.defaults(),
                TlsSettings.DISABLED);
        TcpTechnologyComponent.Settings after = new TcpTechnologyComponent.Settings(TcpSettings.defaults(),
                TlsSettings.DISABLED, List.of("a.B"));
        assertEquals(List.of("socketFactories [] -> [a.B]"), TcpTechnologyComponent.changes(before, after));
    }

    @Test
    void badConfigurationIsRejectedNamingTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> component(Map.of("port", 99999), Map.of()));
        assertEquals("karmi.tcp port out of range: 99999", e.getMessage());
    }
}
