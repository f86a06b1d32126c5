package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;

/**
 * The server's connection budget in one JVM: the handshake deadline runs from accept, idle
 * connections are retired with a drain CLOSE that a well-behaved client survives, idle ones
 * make room for new ones at the limit, and a flood of refusals logs a few lines with counts.
 */
@Timeout(60)
class ConnectionBudgetTest {

    private static final int IO_TIMEOUT = 600;
    private final TestContext serverNode = new TestContext(0x5e5e, "jdk", 1, IO_TIMEOUT);
    private final TestContext clientNode = new TestContext(0xc1c1);
    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
        serverNode.shutdown();
        clientNode.shutdown();
    }

    private TcpTechnology start(TestContext node, TcpSettings settings) throws IOException {
        TcpTechnology t = new TcpTechnology(settings);
        t.start(node);
        toClose.add(t);
        return t;
    }

    /** Server settings: loopback, ephemeral port, the given limit, server idle time and log interval. */
    private static TcpSettings server(int maxConnections, long serverIdleMillis, long logIntervalMillis) {
        return new TcpSettings("127.0.0.1", 0, 30_000, 2000, 1 << 20, 0, maxConnections)
                .withServerIdle(serverIdleMillis, logIntervalMillis);
    }

    private RawPeer raw(TcpTechnology server) throws IOException {
        RawPeer p = new RawPeer(server.localUtid());
        toClose.add(p);
        return p;
    }

    private static void await(String what, BooleanSupplier condition) {
        Tcp.await(what, 10_000, condition);
    }

    private static boolean pendingInput(Connection c) {
        try {
            return ((TcpClientConnection) c).reader.hasPendingInput();
        } catch (IOException e) {
            return true;
        }
    }

    @Test
    void handshakeDeadlineRunsFromAcceptWhateverTheHellosPace() throws Exception {
        TcpTechnology server = start(serverNode, server(8, 30_000, 10_000));
        RawPeer p = raw(server);
        long accepted = System.nanoTime();
        byte[] hello = RawPeer.hello(Handshake.PROTOCOL_VERSION, "jdk");
        CompletableFuture<Void> trickle = CompletableFuture.runAsync(() -> {
            try {
                LockSupport.parkNanos(accepted + 450_000_000L - System.nanoTime()); // the attacker's pace
                OutputStream out = p.socket.getOutputStream();
                out.write(hello, 0, TcpFrameDescriptor.HEADER_LENGTH + 1); // the header just before the deadline
                for (int i = TcpFrameDescriptor.HEADER_LENGTH + 1; i < hello.length; i++) {
                    LockSupport.parkNanos(50_000_000L);
                    out.write(hello[i]);
                }
            } catch (IOException closed) {
                // what the test expects
            }
        });
        assertTrue(p.closedByServer(5000));
        long ms = (System.nanoTime() - accepted) / 1_000_000;
        assertTrue(ms >= IO_TIMEOUT - 50 && ms < IO_TIMEOUT + 250, "closed " + ms + " ms after connecting");
        trickle.get(5, TimeUnit.SECONDS);
        await("the slow handshake counted", () -> server.statistics().connectionsRefused() == 1);
    }

    @Test
    void idleServerConnectionIsRetiredAndTheClientsNextCallStillSucceeds() throws Exception {
        TcpTechnology server = start(serverNode, server(8, 300, 10_000));
        TcpTechnology client = start(clientNode, Tcp.settings(30_000));
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertArrayEquals(new byte[] {'E', 1}, Tcp.call(c, new byte[] {'E', 1}, Tcp.TIMEOUT));
        c.release();
        await("the server's drain CLOSE at the pooled connection", () -> pendingInput(c));
        Connection next = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertNotSame(c, next, "the retired connection is dropped by the pool");
        assertFalse(c.isOpen());
        assertArrayEquals(new byte[] {'E', 2}, Tcp.call(next, new byte[] {'E', 2}, Tcp.TIMEOUT));
        next.release();
        await("the retired connection closed at the server", () -> server.statistics().connectionsOpen() == 1);
        assertEquals(0, server.statistics().connectionsRefused(), "an idle timeout is no refusal");
    }

    @Test
    void callThatCrossesTheServersDrainCloseIsStillAnswered() throws Exception {
        TcpTechnology server = start(new TestContext(0x5e5f, "jdk", 1, 5000), server(8, 300, 10_000));
        TcpTechnology client = start(clientNode, Tcp.settings(30_000));
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertArrayEquals(new byte[] {'E', 1}, Tcp.call(c, new byte[] {'E', 1}, Tcp.TIMEOUT));
        await("the server's drain CLOSE at the held connection", () -> pendingInput(c));
        assertArrayEquals(new byte[] {'E', 2}, Tcp.call(c, new byte[] {'E', 2}, Tcp.TIMEOUT),
                "a call sent after the server retired the connection");
        assertTrue(c.isOpen());
        c.release();
        assertFalse(c.isOpen(), "a retired connection is not pooled again");
        await("the server closed its end", () -> server.statistics().connectionsOpen() == 0);
        assertEquals(2, server.statistics().callsReceived());
    }

    @Test
    void idleConnectionsAreRetiredToAdmitNewOnesAtTheLimit() throws Exception {
        TcpTechnology server = start(serverNode, server(2, 30_000, 10_000));
        RawPeer first = raw(server);
        first.handshake();
        // the server marks a connection idle just after its HELLO_ACK went out: leave no doubt which one
        // has been idle longest (back to back, a loaded machine can mark second's before first's)
        Thread.sleep(100);
        RawPeer second = raw(server);
        second.handshake();
        Thread.sleep(100);
        RawPeer third = raw(server);
        third.handshake(); // admitted: the longest-idle connection, first, makes room
        assertEquals(1, server.statistics().connectionsRefused());
        DataInputStream in = new DataInputStream(first.socket.getInputStream());
        byte[] header = new byte[TcpFrameDescriptor.HEADER_LENGTH];
        in.readFully(header);
        assertEquals(MessageType.CLOSE, TcpFrameDescriptor.type(header));
        assertEquals(TcpFrameDescriptor.FLAG_DRAIN, TcpFrameDescriptor.flags(header));
        long t0 = System.nanoTime();
        assertTrue(first.closedByServer(5000), "a retired connection that stays silent is closed after the grace");
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < IO_TIMEOUT + 2000, "closed after " + ms + " ms");
        second.socket.setSoTimeout(200);
        assertThrows(SocketTimeoutException.class, () -> second.readFrame(), "second keeps its connection");
        Connection good = start(clientNode, Tcp.settings(30_000)).acquire(server.localUtid(), Tcp.TIMEOUT);
        assertArrayEquals(new byte[] {'E'}, Tcp.call(good, new byte[] {'E'}, Tcp.TIMEOUT));
        assertEquals(2, server.statistics().connectionsRefused(), "second retired for the good client");
        good.release();
    }

    @Test
    void floodOfRefusalsLogsABoundedNumberOfLinesWithCounts() throws Exception {
        Logger jul = Logger.getLogger("org.karmi.tech.tcp");
        List<String> lines = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                lines.add(r.getLevel() + " " + r.getMessage());
            }

            @Override public void flush() { }
            @Override public void close() { }
        };
        jul.addHandler(capture);
        try {
            TcpTechnology server = start(serverNode, server(1, 30_000, 400));
            TcpTechnology client = start(clientNode, Tcp.settings(30_000));
            Connection busy = client.acquire(server.localUtid(), Tcp.TIMEOUT);
            Future<byte[]> call = CompletableFuture.supplyAsync(() -> {
                try {
                    return Tcp.call(busy, Tcp.sleepCommand(5000), 20_000);
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            assertTrue(serverNode.callStarted.await(5, TimeUnit.SECONDS));
            int flood = 300;
            long t0 = System.nanoTime();
            for (int i = 0; i < flood; i++) {
                try (RawPeer p = new RawPeer(server.localUtid())) {
                    assertEquals(MessageType.REFUSE, p.readFrame()[0][0]);
                }
                LockSupport.parkNanos(t0 + (i + 1) * 5_000_000L - System.nanoTime()); // spread over 1.5 s at least
            }
            long elapsedMs = (System.nanoTime() - t0) / 1_000_000;
            assertEquals(flood, server.statistics().connectionsRefused());
            List<String> refusals = lines.stream().filter(l -> l.contains("refused connection")).toList();
            assertTrue(refusals.size() >= 2 && refusals.size() <= elapsedMs / 400 + 2,
                    refusals.size() + " lines for " + flood + " refusals in " + elapsedMs + " ms: " + refusals);
            assertTrue(refusals.get(0).startsWith("WARNING"), refusals.get(0));
            assertTrue(refusals.stream().anyMatch(l -> l.matches(".*\\(and [1-9][0-9]* more like it.*")),
                    "a line carries the count: " + refusals);
            assertEquals(5, call.get(20, TimeUnit.SECONDS).length, "the call in flight was not disturbed");
            busy.release();
        } finally {
            jul.removeHandler(capture);
        }
    }
}
