package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.karmi.spi.transport.Utid;

/** Pins the TLS flag of the tcp UTID address that docs/PROTOCOL.md section 4.1 draws. */
class TlsUtidTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void tlsFlagIsOneByteAfterThePort() throws Exception {
        Utid tls = TcpAddress.utid(InetAddress.getByName("127.0.0.1"), 2099, true);
        assertEquals("7f000001" + "3308" + "01", HEX.formatHex(tls.address()));
        assertTrue(TcpAddress.isTcp(tls) && TcpAddress.requiresTls(tls));
        assertEquals(new InetSocketAddress("127.0.0.1", 2099), TcpAddress.decode(tls));
        assertEquals("tcp 127.0.0.1:2099 (TLS)", TcpAddress.describe(tls));
        Utid v6 = TcpAddress.utid(InetAddress.getByName("::1"), 40000, true);
        assertEquals(19, v6.address().length);
        assertTrue(TcpAddress.requiresTls(v6));
        assertEquals(new InetSocketAddress(InetAddress.getByName("::1"), 40000), TcpAddress.decode(v6));
    }

    @Test
    void plaintextUtidKeepsTheFirstVersionsBytes() throws Exception {
        Utid plain = TcpAddress.utid(InetAddress.getByName("127.0.0.1"), 2099, false);
        assertEquals("7f0000013308", HEX.formatHex(plain.address()));
        assertFalse(TcpAddress.requiresTls(plain));
        Utid zeroFlags = new Utid("tcp", HEX.parseHex("7f000001330800"));
        assertTrue(TcpAddress.isTcp(zeroFlags) && !TcpAddress.requiresTls(zeroFlags));
    }

    @Test
    void unknownFlagBitMakesTheUtidUnreadableInsteadOfIgnored() {
        Utid future = new Utid("tcp", HEX.parseHex("7f000001330803"));
        assertFalse(TcpAddress.isTcp(future));
        assertFalse(TcpAddress.requiresTls(future));
        assertFalse(new TcpTechnology(Tcp.settings(30_000)).canReach(future));
        assertThrows(IllegalArgumentException.class, () -> TcpAddress.decode(future));
        assertFalse(TcpAddress.isTcp(new Utid("tcp", HEX.parseHex("7f00000133080100"))), "8 bytes is no length");
    }
}
