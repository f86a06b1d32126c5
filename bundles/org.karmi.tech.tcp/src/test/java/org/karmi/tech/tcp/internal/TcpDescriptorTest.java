package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Utid;

/** Pins the bytes docs/PROTOCOL.md section 4.1 promises, and the settings' parsing. */
class TcpDescriptorTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void frameHeaderBytesMatchTheProtocolDocument() {
        assertEquals(12, TcpFrameDescriptor.HEADER_LENGTH);
        byte[] f = new byte[12];
        TcpFrameDescriptor.writeHeader(f, 0x0102, MessageType.CALL, 0x0A0B0C0D);
        assertEquals("02010000" + "04" + "00" + "0000" + "0d0c0b0a", HEX.formatHex(f));
        assertEquals(0x0102, TcpFrameDescriptor.length(f));
        assertEquals(MessageType.CALL, TcpFrameDescriptor.type(f));
        assertEquals(0x0A0B0C0D, TcpFrameDescriptor.callId(f));
    }

    @Test
    void utidAddressOfLoopback2099MatchesTheProtocolExample() throws Exception {
        Utid u = TcpAddress.utid(InetAddress.getByName("127.0.0.1"), 2099);
        assertEquals("tcp", u.technology());
        assertEquals("7f0000013308", HEX.formatHex(u.address()));
        assertEquals(new InetSocketAddress("127.0.0.1", 2099), TcpAddress.decode(u));
    }

    @Test
    void ipv6AddressRoundTrips() throws Exception {
        Utid u = TcpAddress.utid(InetAddress.getByName("::1"), 40000);
        assertEquals(18, u.address().length);
        assertEquals(new InetSocketAddress(InetAddress.getByName("::1"), 40000), TcpAddress.decode(u));
    }

    @Test
    void malformedTcpUtidIsRejectedClearly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TcpAddress.decode(new Utid("tcp", new byte[5])));
        assertTrue(e.getMessage().contains("not a tcp UTID"), e.getMessage());
    }

    @Test
    void settingsComeFromSystemPropertiesWithDefaults() {
        String[] keys = {"host", "port", "idleTimeoutMillis", "spinMicros"};
        try {
            System.setProperty("karmi.tcp.port", "0");
            System.setProperty("karmi.tcp.idleTimeoutMillis", "1234");
            TcpSettings s = TcpSettings.fromSystemProperties();
            assertEquals("127.0.0.1", s.host());
            assertEquals(0, s.port());
            assertEquals(1234, s.idleTimeoutMillis());
            assertEquals(TcpSettings.DEFAULT_MAX_FRAME_BYTES, s.maxFrameBytes());
            System.setProperty("karmi.tcp.spinMicros", "lots");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, TcpSettings::fromSystemProperties);
            assertTrue(e.getMessage().contains("karmi.tcp.spinMicros"), e.getMessage());
        } finally {
            for (String k : keys) {
                System.clearProperty("karmi.tcp." + k);
            }
        }
        assertEquals(TcpSettings.defaults(), TcpSettings.fromSystemProperties());
        assertEquals(2099, TcpSettings.defaults().port());
    }

    @Test
    void serviceLoaderFindsTheTcpTechnology() {
        var found = java.util.ServiceLoader.load(org.karmi.spi.transport.Technology.class).stream()
                .map(p -> p.get().name()).toList();
        assertEquals(java.util.List.of("tcp"), found);
    }

    @Test
    void badSettingsAreRejectedNamingTheValue() {
        assertThrows(IllegalArgumentException.class, () -> new TcpSettings("127.0.0.1", 70000, 1, 1, 1 << 20, 0, 1));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TcpSettings("127.0.0.1", 0, 1, 1, 100, 0, 1));
        assertTrue(e.getMessage().contains("maxFrameBytes"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TcpSettings.defaults().withServerIdle(0, 10));
        assertTrue(e.getMessage().contains("serverIdleTimeoutMillis"), e.getMessage());
    }

    @Test
    void serverIdleTimeAndLogIntervalAreReadByName() {
        java.util.Map<String, String> keys = java.util.Map.of("serverIdleTimeoutMillis", "1500", "logIntervalMillis", "0");
        TcpSettings s = TcpSettings.fromProperties(keys::get);
        assertEquals(1500, s.serverIdleTimeoutMillis());
        assertEquals(0, s.logIntervalMillis());
        assertEquals(TcpSettings.DEFAULT_IDLE_TIMEOUT_MILLIS, TcpSettings.defaults().serverIdleTimeoutMillis(),
                "no longer than the client side's idle time: the same");
        assertEquals(10_000, TcpSettings.defaults().logIntervalMillis());
    }
}
