package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;

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
                c.maxFrameBytes(), c.spinMicros(), c.maxConnections()));
    }

    @Test
    void componentRegistersAWorkingTcpTechnology() throws Exception {
        TestContext serverNode = new TestContext(1);
        TestContext clientNode = new TestContext(2);
        TcpTechnologyComponent server = new TcpTechnologyComponent(config(Map.of("port", 0)));
        TcpTechnologyComponent client = new TcpTechnologyComponent(config(Map.of("port", 0)));
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
    void badConfigurationIsRejectedNamingTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TcpTechnologyComponent(config(Map.of("port", 99999))));
        assertEquals("karmi.tcp port out of range: 99999", e.getMessage());
    }
}
