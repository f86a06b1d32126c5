package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;

/** Each case: a misbehaving peer loses its connection, and a well-behaved client keeps being served. */
@Timeout(30)
class HostileInputTest {

    private static final int IO_TIMEOUT = 500;
    private final TestContext serverNode = new TestContext(0x5e5e, "jdk", 1, IO_TIMEOUT);
    private final TestContext clientNode = new TestContext(0xc1c1);
    private TcpTechnology server;
    private TcpTechnology client;
    private Connection good;

    @BeforeEach
    void start() throws IOException {
        server = new TcpTechnology(new TcpSettings("127.0.0.1", 0, 30_000, 2000, 1 << 20, 0, 50));
        server.start(serverNode);
        client = Tcp.started(clientNode);
        good = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertServes();
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
        serverNode.shutdown();
        clientNode.shutdown();
    }

    private void assertServes() throws IOException {
        byte[] msg = "Estill serving".getBytes(StandardCharsets.US_ASCII);
        assertArrayEquals(msg, Tcp.call(good, msg, Tcp.TIMEOUT));
        Connection fresh = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        fresh.discard();
    }

    private RawPeer raw() throws IOException {
        return new RawPeer(server.localUtid());
    }

    @Test
    void garbageInsteadOfHelloIsRefusedAndClosed() throws Exception {
        try (RawPeer p = raw()) {
            byte[] garbage = new byte[300];
            new Random(7).nextBytes(garbage);
            WireBuffer.putInt(garbage, 0, 200);
            p.write(garbage);
            byte[][] f = p.readFrame();
            assertEquals(MessageType.REFUSE, f[0][0]);
            assertTrue(p.closedByServer(3000));
        }
        assertServes();
    }

    @Test
    void httpRequestIsClosedWithoutAllocatingItsLength() throws Exception {
        try (RawPeer p = raw()) {
            p.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertTrue(p.closedByServer(3000));
        }
        assertServes();
    }

    @Test
    void wrongMagicIsRefusedAsNotAKarmiPeer() throws Exception {
        try (RawPeer p = raw()) {
            byte[] hello = RawPeer.hello(Handshake.PROTOCOL_VERSION, "jdk");
            hello[TcpFrameDescriptor.HEADER_LENGTH] = 'X';
            p.write(hello);
            byte[][] f = p.readFrame();
            assertEquals(MessageType.REFUSE, f[0][0]);
            String text = Handshake.readRefusal(payload(f[1]));
            assertTrue(text.contains("code " + Handshake.REFUSED_MALFORMED) && text.contains("bad magic"), text);
            assertTrue(p.closedByServer(3000));
        }
        assertServes();
    }

    @Test
    void wrongProtocolVersionIsRefusedNamingBothVersions() throws Exception {
        try (RawPeer p = raw()) {
            p.write(RawPeer.hello(99, "jdk"));
            byte[][] f = p.readFrame();
            assertEquals(MessageType.REFUSE, f[0][0]);
            String text = Handshake.readRefusal(payload(f[1]));
            assertTrue(text.contains("code " + Handshake.REFUSED_PROTOCOL) && text.contains("99"), text);
            assertTrue(p.closedByServer(3000));
        }
        assertServes();
    }

    @Test
    void oversizedHelloIsRefusedBeforeItIsRead() throws Exception {
        try (RawPeer p = raw()) {
            p.write(RawPeer.frame(TcpHandshake.MAX_HELLO_FRAME + 1, MessageType.HELLO, 0, new byte[0]));
            byte[][] f = p.readFrame();
            assertEquals(MessageType.REFUSE, f[0][0]);
            assertTrue(p.closedByServer(3000));
        }
        assertServes();
    }

    @Test
    void silentPeerIsClosedAfterTheIoTimeout() throws Exception {
        try (RawPeer p = raw()) {
            long t0 = System.nanoTime();
            assertTrue(p.closedByServer(5000));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= IO_TIMEOUT - 50 && ms < 4000, "closed after " + ms + " ms");
        }
        assertServes();
    }

    @Test
    void hugeFrameLengthClosesTheConnection() throws Exception {
        try (RawPeer p = raw()) {
            p.handshake();
            p.write(RawPeer.frame(Integer.MAX_VALUE, MessageType.CALL, 1, new byte[] {'E'}));
            assertTrue(p.closedByServer(3000));
        }
        assertEquals(0, server.statistics().callsReceived() - 1, "only the good client's call");
        assertServes();
    }

    @Test
    void negativeFrameLengthClosesTheConnection() throws Exception {
        try (RawPeer p = raw()) {
            p.handshake();
            p.write(RawPeer.frame(-5, MessageType.CALL, 1, new byte[] {'E'}));
            assertTrue(p.closedByServer(3000));
        }
        assertServes();
    }

    @Test
    void lengthShorterThanTheHeaderClosesTheConnection() throws Exception {
        try (RawPeer p = raw()) {
            p.handshake();
            p.write(RawPeer.frame(5, MessageType.CALL, 1, new byte[0]));
            assertTrue(p.closedByServer(3000));
        }
        assertServes();
    }

    @Test
    void truncatedFrameIsClosedAfterTheIoTimeout() throws Exception {
        try (RawPeer p = raw()) {
            p.handshake();
            byte[] f = RawPeer.frame(MessageType.CALL, 1, new byte[100]);
            p.write(java.util.Arrays.copyOf(f, 60));
            long t0 = System.nanoTime();
            assertTrue(p.closedByServer(5000));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= IO_TIMEOUT - 50, "closed after " + ms + " ms");
        }
        assertEquals(1, server.statistics().callsReceived(), "the truncated call was never delivered");
        assertServes();
    }

    @Test
    void truncatedFrameFollowedByDisconnectIsDropped() throws Exception {
        try (RawPeer p = raw()) {
            p.handshake();
            byte[] f = RawPeer.frame(MessageType.CALL, 1, new byte[100]);
            p.write(java.util.Arrays.copyOf(f, 30));
        }
        assertServes();
        assertEquals(2, server.statistics().callsReceived(), "only the good client's calls");
    }

    @Test
    void replyFrameFromAClientClosesTheConnection() throws Exception {
        frameOutOfPlace(MessageType.REPLY);
    }

    @Test
    void secondHelloClosesTheConnection() throws Exception {
        frameOutOfPlace(MessageType.HELLO);
    }

    @Test
    void unknownFrameTypeClosesTheConnection() throws Exception {
        frameOutOfPlace((byte) 99);
    }

    private void frameOutOfPlace(byte type) throws Exception {
        try (RawPeer p = raw()) {
            p.handshake();
            p.write(RawPeer.frame(type, 7, new byte[] {'E'}));
            assertTrue(p.closedByServer(3000));
        }
        assertServes();
    }

    @Test
    void callBeforeTheHandshakeIsRefused() throws Exception {
        try (RawPeer p = raw()) {
            p.write(RawPeer.frame(MessageType.CALL, 1, new byte[] {'E'}));
            assertEquals(MessageType.REFUSE, p.readFrame()[0][0]);
            assertTrue(p.closedByServer(3000));
        }
        assertEquals(1, server.statistics().callsReceived());
        assertServes();
    }

    @Test
    void handlerThatThrowsClosesOnlyItsConnection() throws Exception {
        Connection victim = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        IOException e = org.junit.jupiter.api.Assertions.assertThrows(IOException.class,
                () -> Tcp.call(victim, new byte[] {'T'}, Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        victim.release();
        assertServes();
    }

    @Test
    void pipelinedCallsAreAnsweredInOrder() throws Exception {
        try (RawPeer p = raw()) {
            p.handshake();
            byte[] a = RawPeer.frame(MessageType.CALL, 1, new byte[] {'E', 1});
            byte[] b = RawPeer.frame(MessageType.CALL, 2, new byte[] {'E', 2});
            byte[] both = java.util.Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, both, a.length, b.length);
            p.write(both);
            assertArrayEquals(new byte[] {'E', 1}, p.readFrame()[1]);
            assertArrayEquals(new byte[] {'E', 2}, p.readFrame()[1]);
        }
        assertServes();
    }

    private static WireBuffer payload(byte[] bytes) {
        WireBuffer b = new WireBuffer(bytes.length);
        b.array = bytes;
        b.flipForRead(0, bytes.length);
        return b;
    }
}
