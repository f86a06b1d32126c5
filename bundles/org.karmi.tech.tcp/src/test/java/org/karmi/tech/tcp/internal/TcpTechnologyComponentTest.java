package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.osgi.framework.BundleContext;

/** The DS adapter built without OSGi: configuration defaults, overrides, and delegation. */
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

    /** A bundle context that answers only framework properties. */
    static BundleContext framework(Map<String, String> frameworkProperties) {
        return (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(),
                new Class<?>[] {BundleContext.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getProperty")) {
                        return frameworkProperties.get((String) args[0]);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    static TcpTechnologyComponent component(Map<String, Object> configured, Map<String, String> frameworkProperties) {
        return new TcpTechnologyComponent(configured, framework(frameworkProperties));
    }

    @Test
    void frameworkPropertyIsTheFallbackForUnconfiguredKeysAndConfigurationWins() throws Exception {
        TestContext node = new TestContext(3);
        TcpTechnologyComponent fromFramework = component(Map.of(), Map.of("karmi.tcp.port", "0"));
        TcpTechnologyComponent configured = component(Map.of("port", 0), Map.of("karmi.tcp.port", "99999"));
        try {
            fromFramework.start(node);
            int port = TcpAddress.decode(fromFramework.localUtid()).getPort();
            assertNotEquals(TcpSettings.DEFAULT_PORT, port, "karmi.tcp.port=0 gave an ephemeral port");
            configured.start(node); // the configured 0 wins over the invalid framework property
        } finally {
            fromFramework.deactivate();
            configured.deactivate();
            node.shutdown();
        }
    }

    @Test
    void componentRegistersAWorkingTcpTechnology() throws Exception {
        TestContext serverNode = new TestContext(1);
        TestContext clientNode = new TestContext(2);
        TcpTechnologyComponent server = component(Map.of("port", 0), Map.of());
        TcpTechnologyComponent client = component(Map.of("port", 0), Map.of());
        try {
            assertEquals("tcp", server.name());
            server.start(serverNode);
            client.start(clientNode);
            Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
            assertArrayEquals(new byte[] {'E', 9}, Tcp.call(c, new byte[] {'E', 9}, Tcp.TIMEOUT));
            c.release();
            assertEquals(1, server.statistics().callsReceived());
        } finally {
            client.deactivate();
            server.deactivate();
            serverNode.shutdown();
            clientNode.shutdown();
        }
        assertThrows(IllegalStateException.class, server::localUtid);
    }

    @Test
    void componentForwardsEveryDefaultMethodOfTheSpi() {
        // a default method the wrapper does not override silently hides the technology's own
        for (java.lang.reflect.Method m : org.karmi.spi.transport.Technology.class.getMethods()) {
            if (m.isDefault()) {
                assertDoesNotThrow(() -> TcpTechnologyComponent.class.getDeclaredMethod(m.getName(), m.getParameterTypes()),
                        "TcpTechnologyComponent does not forward " + m);
            }
        }
    }

    @Test
    void badConfigurationIsRejectedNamingTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> component(Map.of("port", 99999), Map.of()));
        assertEquals("karmi.tcp port out of range: 99999", e.getMessage());
    }
}
