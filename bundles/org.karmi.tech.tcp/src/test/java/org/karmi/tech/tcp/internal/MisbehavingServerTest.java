package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StreamCorruptedException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/** The client side against a hand-written server that misbehaves after (or instead of) a handshake. */
@Timeout(30)
class MisbehavingServerTest {

    private interface Behaviour {
        void after(DataInputStream in, OutputStream out, int callId) throws IOException, InterruptedException;
    }

    private final TestContext clientNode = new TestContext(0xc1c1);
    private final CountDownLatch release = new CountDownLatch(1);
    private ServerSocket fake;
    private Thread fakeThread;
    private TcpTechnology client;
    private Utid fakeUtid;

    @BeforeEach
    void start() throws IOException {
        fake = new ServerSocket(0, 5, InetAddress.getByName("127.0.0.1"));
        fakeUtid = TcpAddress.utid(InetAddress.getByName("127.0.0.1"), fake.getLocalPort());
        client = Tcp.started(clientNode);
    }

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        client.close();
        fake.close();
        if (fakeThread != null) {
            fakeThread.join(5000);
        }
        clientNode.shutdown();
    }

    /** Serves one connection: optionally the handshake, then reads one CALL and runs the behaviour. */
    private void serve(boolean handshake, Behaviour behaviour) {
        serve(handshake, true, behaviour);
    }

    private void serve(boolean handshake, boolean readCall, Behaviour behaviour) {
        fakeThread = new Thread(() -> {
            try (Socket s = fake.accept()) {
                DataInputStream in = new DataInputStream(s.getInputStream());
                OutputStream out = s.getOutputStream();
                if (handshake) {
                    readFrame(in);
                    WireBuffer b = new WireBuffer(64);
                    b.position = 0;
                    new Handshake(Handshake.PROTOCOL_VERSION, 0xfa4e, "jdk", 1, List.of()).writeTo(b);
                    out.write(RawPeer.frame(MessageType.HELLO_ACK, 0, Arrays.copyOf(b.array, b.position)));
                    int callId = readCall ? TcpFrameDescriptor.callId(readFrame(in)) : 0;
                    behaviour.after(in, out, callId);
                } else {
                    behaviour.after(in, out, 0);
                }
                release.await(20, TimeUnit.SECONDS);
            } catch (IOException | InterruptedException e) {
                // test over
            }
        }, "fake-server");
        fakeThread.setDaemon(true);
        fakeThread.start();
    }

    private static byte[] readFrame(DataInputStream in) throws IOException {
        byte[] header = new byte[TcpFrameDescriptor.HEADER_LENGTH];
        in.readFully(header);
        byte[] rest = new byte[TcpFrameDescriptor.length(header) - header.length];
        in.readFully(rest);
        return header;
    }

    private Connection connectAndCall(long timeout) throws IOException {
        Connection c = client.acquire(fakeUtid, Tcp.TIMEOUT);
        Tcp.call(c, new byte[] {'E'}, timeout);
        return c;
    }

    @Test
    void serverThatNeverAnswersTheHelloTimesOutAcquire() {
        serve(false, (in, out, id) -> { });
        long t0 = System.nanoTime();
        SocketTimeoutException e = assertThrows(SocketTimeoutException.class, () -> client.acquire(fakeUtid, 300));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 290 && ms < 3000, "took " + ms + " ms");
        assertTrue(e.getMessage().contains("handshake"), e.getMessage());
    }

    @Test
    void replyWithAnotherCallIdBreaksTheConnection() {
        serve(true, (in, out, id) -> out.write(RawPeer.frame(MessageType.REPLY, id + 1, new byte[] {'E'})));
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, () -> connectAndCall(Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("call id"), e.getMessage());
    }

    @Test
    void hugeReplyLengthFailsTheCallWithoutAllocatingIt() {
        serve(true, (in, out, id) -> out.write(RawPeer.frame(Integer.MAX_VALUE, MessageType.REPLY, id, new byte[0])));
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, () -> connectAndCall(Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("out of range"), e.getMessage());
    }

    @Test
    void closeFrameInsteadOfAReplyEndsTheCall() {
        serve(true, (in, out, id) -> out.write(RawPeer.frame(MessageType.CLOSE, 0, new byte[0])));
        IOException e = assertThrows(IOException.class, () -> connectAndCall(Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("closed the connection"), e.getMessage());
    }

    @Test
    void truncatedReplyAndDisconnectEndsTheCall() {
        serve(true, (in, out, id) -> {
            byte[] f = RawPeer.frame(MessageType.REPLY, id, new byte[100]);
            out.write(Arrays.copyOf(f, 40));
            out.close();
        });
        IOException e = assertThrows(IOException.class, () -> connectAndCall(Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("middle of a frame"), e.getMessage());
    }

    @Test
    void truncatedReplyTimesOutTheCall() {
        serve(true, (in, out, id) -> out.write(Arrays.copyOf(RawPeer.frame(MessageType.REPLY, id, new byte[100]), 40)));
        long t0 = System.nanoTime();
        assertThrows(SocketTimeoutException.class, () -> connectAndCall(400));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 390 && ms < 3000, "took " + ms + " ms");
    }

    @Test
    void writeToAServerThatDoesNotReadTimesOut() throws Exception {
        serve(true, false, (in, out, id) -> release.await(20, TimeUnit.SECONDS));
        Connection c = client.acquire(fakeUtid, Tcp.TIMEOUT);
        byte[] big = new byte[48 << 20];
        long t0 = System.nanoTime();
        SocketTimeoutException e = assertThrows(SocketTimeoutException.class, () -> Tcp.call(c, big, 500));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms >= 490 && ms < 3000, "took " + ms + " ms");
        assertTrue(e.getMessage().contains("500 ms"), e.getMessage());
        assertFalse(c.isOpen());
    }
}
