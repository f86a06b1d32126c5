package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.SerialFormat;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

@Timeout(60)
class TcpTechnologyTest {

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final TestContext serverNode = new TestContext(0x5e5eL);
    private final TestContext clientNode = new TestContext(0xc1c1L);

    @AfterEach
    void closeAll() throws Exception {
        Collections.reverse(toClose);
        for (AutoCloseable c : toClose) {
            c.close();
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

    private TcpTechnology start(TestContext node) throws IOException {
        return start(node, Tcp.settings(30_000));
    }

    @Test
    void echoRoundTripBetweenTwoTechnologies() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertEquals(serverNode.nodeId, c.remoteNodeId());
        assertEquals("jdk", c.remoteHandshake().serializerName());
        assertSame(client, c.technology());
        byte[] hello = "Ehello, tcp".getBytes(StandardCharsets.US_ASCII);
        assertArrayEquals(hello, Tcp.call(c, hello, Tcp.TIMEOUT));
        byte[] again = "Eagain".getBytes(StandardCharsets.US_ASCII);
        assertArrayEquals(again, Tcp.call(c, again, Tcp.TIMEOUT));
        c.release();
    }

    @Test
    void replyFromAnotherThreadReachesTheCaller() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        for (int i = 0; i < 20; i++) {
            byte[] msg = ("A" + i).getBytes(StandardCharsets.US_ASCII);
            assertArrayEquals(msg, Tcp.call(c, msg, Tcp.TIMEOUT));
        }
        c.release();
    }

    @Test
    void releasedConnectionIsReusedByTheNextAcquire() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection first = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        Tcp.call(first, new byte[] {'E'}, Tcp.TIMEOUT);
        first.attach("state");
        first.release();
        Connection second = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertSame(first, second);
        assertEquals("state", second.attachment());
        second.release();
        assertEquals(1, client.statistics().connectionsOpened());
    }

    @Test
    void connectionsListBothEndsWithTheirPeerSerializerAndState() throws Exception {
        TcpTechnology server = start(serverNode);
        TestContext other = new TestContext(0x0dd);
        TcpTechnology client = start(other);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        ConnectionInfo out = client.connections().get(0);
        assertEquals(new ConnectionInfo("tcp", false, serverNode.nodeId, out.peer(), "jdk/1", ConnectionInfo.IN_CALL, 0), out);
        c.request().writeByte('x');
        c.call(Tcp.TIMEOUT);
        c.release();
        assertEquals(ConnectionInfo.IDLE, client.connections().get(0).state());
        List<ConnectionInfo> in = server.connections();
        for (int i = 0; i < 200 && !in.isEmpty() && !in.get(0).state().equals(ConnectionInfo.IDLE); i++) {
            Thread.sleep(10); // the server marks the end of the call just after its reply went out
            in = server.connections();
        }
        assertEquals(1, in.size(), in.toString());
        assertTrue(in.get(0).inbound() && in.get(0).peerNodeId() == 0x0dd && in.get(0).serializer().equals("jdk/1")
                && in.get(0).state().equals(ConnectionInfo.IDLE), in.toString());
        other.shutdown();
    }

    @Test
    void handshakeRefusedOnSerializerMismatchWithClearMessage() throws Exception {
        TcpTechnology server = start(serverNode);
        TestContext other = new TestContext(0x0dd, "uka", 3, 2000);
        TcpTechnology client = start(other);
        IOException e = assertThrows(IOException.class, () -> client.acquire(server.localUtid(), Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("no serializer in common"), e.getMessage());
        assertTrue(e.getMessage().contains("jdk/1") && e.getMessage().contains("uka/3"), e.getMessage());
        other.shutdown();
    }

    @Test
    void bothEndsUseTheFirstOfTheClientsSerializersTheServerHas() throws Exception {
        TcpTechnology server = start(serverNode); // offers jdk/1 only
        TestContext other = new TestContext(0x0dd, "uka", 3, 2000);
        other.offered = List.of(new SerialFormat("uka", 3), new SerialFormat("jdk", 1));
        TcpTechnology client = start(other);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertEquals(List.of(new SerialFormat("jdk", 1)), c.remoteHandshake().serializers());
        c.request().writeByte('F');
        WireBuffer reply = c.call(Tcp.TIMEOUT);
        assertEquals("jdk", new String(reply.array, reply.position, reply.remaining(), java.nio.charset.StandardCharsets.US_ASCII));
        c.release();
        other.shutdown();
    }

    @Test
    void portInUseGivesBindExceptionNamingHostAndPort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            TcpTechnology t = new TcpTechnology(Tcp.settings(30_000).withPort(port));
            BindException e = assertThrows(BindException.class, () -> t.start(serverNode));
            assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
            assertThrows(IllegalStateException.class, t::localUtid);
        }
    }

    @Test
    void connectingToAClosedPortFailsFastWithConnectException() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        TcpTechnology client = start(clientNode);
        Utid nobody = TcpAddress.utid(java.net.InetAddress.getByName("127.0.0.1"), port);
        long t0 = System.nanoTime();
        ConnectException e = assertThrows(ConnectException.class, () -> client.acquire(nobody, Tcp.TIMEOUT));
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(2), "took too long");
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }

    @Test
    void callTimeoutGivesSocketTimeoutExceptionAndBreaksTheConnection() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        long t0 = System.nanoTime();
        SocketTimeoutException e = assertThrows(SocketTimeoutException.class,
                () -> Tcp.call(c, Tcp.sleepCommand(3000), 300));
        long tookMs = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(tookMs >= 290 && tookMs < 2000, "took " + tookMs + " ms");
        assertTrue(e.getMessage().contains("300 ms"), e.getMessage());
        assertFalse(c.isOpen());
        c.release();
        Connection fresh = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertNotSame(c, fresh);
        assertArrayEquals(new byte[] {'E'}, Tcp.call(fresh, new byte[] {'E'}, Tcp.TIMEOUT));
        fresh.release();
    }

    @Test
    void concurrentCallsUseSeveralPooledConnectionsAndGetTheirOwnReplies() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        int threads = 6;
        CountDownLatch allAcquired = new CountDownLatch(threads);
        Set<Connection> used = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                results.add(pool.submit(() -> {
                    Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
                    used.add(c);
                    allAcquired.countDown();
                    assertTrue(allAcquired.await(10, TimeUnit.SECONDS));
                    int ok = 0;
                    for (int i = 0; i < 200; i++) {
                        byte[] msg = ("E" + id + "/" + i).getBytes(StandardCharsets.US_ASCII);
                        assertArrayEquals(msg, Tcp.call(c, msg, Tcp.TIMEOUT));
                        ok++;
                    }
                    c.release();
                    return ok;
                }));
            }
            for (Future<Integer> f : results) {
                assertEquals(200, f.get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(threads, used.size());
        assertEquals(threads, client.statistics().connectionsOpened());
        assertEquals(threads * 200L, server.statistics().callsReceived());
    }

    @Test
    void slowCallDoesNotHoldUpAnotherCallFromTheSameClient() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection slow = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<byte[]> slowReply = pool.submit(() -> Tcp.call(slow, Tcp.sleepCommand(1500), Tcp.TIMEOUT));
            assertTrue(serverNode.callStarted.await(5, TimeUnit.SECONDS));
            Connection fast = client.acquire(server.localUtid(), Tcp.TIMEOUT);
            long t0 = System.nanoTime();
            Tcp.call(fast, new byte[] {'E'}, Tcp.TIMEOUT);
            assertTrue(System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(1000));
            assertFalse(slowReply.isDone());
            assertEquals(5, slowReply.get(10, TimeUnit.SECONDS).length);
            fast.release();
            slow.release();
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void idleWatchdogClosesPooledConnections() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode, Tcp.settings(200));
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        Tcp.call(c, new byte[] {'E'}, Tcp.TIMEOUT);
        c.release();
        assertEquals(1, client.statistics().connectionsOpen());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while ((c.isOpen() || client.statistics().connectionsOpen() > 0 || server.statistics().connectionsOpen() > 0)
                && System.nanoTime() < deadline) { // the count drops just after the close flag
            Thread.onSpinWait();
            Thread.yield();
        }
        assertFalse(c.isOpen(), "pooled connection still open");
        assertEquals(0, client.statistics().connectionsOpen());
        assertEquals(0, server.statistics().connectionsOpen(), "server did not see the orderly close");
        Connection next = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertNotSame(c, next);
        next.release();
    }

    @Test
    void largePayloadsRoundTrip() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        for (int size : new int[] {3 << 20, 9 << 20 + 17}) {
            byte[] big = new byte[size];
            new Random(size).nextBytes(big);
            big[0] = 'E';
            assertArrayEquals(big, Tcp.call(c, big, 20_000));
        }
        assertArrayEquals(new byte[] {'E', 1}, Tcp.call(c, new byte[] {'E', 1}, Tcp.TIMEOUT));
        c.release();
    }

    @Test
    void messageOverTheFrameLimitIsRefusedBeforeSending() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpSettings small = new TcpSettings("127.0.0.1", 0, 30_000, 2000, TcpSettings.MIN_MAX_FRAME_BYTES, 0, 10);
        TcpTechnology client = start(clientNode, small);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        IOException e = assertThrows(IOException.class, () -> Tcp.call(c, new byte[200_000], Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("maxFrameBytes"), e.getMessage());
        assertEquals(0, server.statistics().callsReceived());
    }

    @Test
    void closeDuringACallEndsItWithIOException() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<byte[]> call = pool.submit(() -> Tcp.call(c, Tcp.sleepCommand(10_000), 30_000));
            assertTrue(serverNode.callStarted.await(5, TimeUnit.SECONDS));
            client.close();
            long t0 = System.nanoTime();
            var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> call.get(5, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof IOException, String.valueOf(e.getCause()));
            assertTrue(e.getCause().getMessage().contains("closed"), e.getCause().getMessage());
            assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(2));
        } finally {
            pool.shutdownNow();
        }
        assertThrows(IOException.class, () -> client.acquire(server.localUtid(), Tcp.TIMEOUT));
    }

    @Test
    void technologyCanBeStartedAgainAfterClose() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        Tcp.call(c, new byte[] {'E'}, Tcp.TIMEOUT);
        c.release();
        server.close();
        server.close();
        assertThrows(IllegalStateException.class, server::localUtid);
        server.start(serverNode);
        assertThrows(IllegalStateException.class, () -> server.start(serverNode));
        assertEquals(0, server.statistics().callsReceived(), "statistics start afresh");
        Connection again = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertArrayEquals(new byte[] {'E', 2}, Tcp.call(again, new byte[] {'E', 2}, Tcp.TIMEOUT));
        again.release();
    }

    @Test
    void pooledConnectionToANodeThatShutDownIsNotReused() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        Tcp.call(c, new byte[] {'E'}, Tcp.TIMEOUT);
        c.release();
        int port = ((java.net.InetSocketAddress) TcpAddress.decode(server.localUtid())).getPort();
        server.close();
        TcpTechnology restarted = start(serverNode, Tcp.settings(30_000).withPort(port));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() - ((TcpClientConnection) c).releasedAtNanos < TcpEndpoint.STALE_CHECK_NANOS * 2
                && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        Connection next = client.acquire(restarted.localUtid(), Tcp.TIMEOUT);
        assertNotSame(c, next);
        assertArrayEquals(new byte[] {'E', 3}, Tcp.call(next, new byte[] {'E', 3}, Tcp.TIMEOUT));
        next.release();
    }

    @Test
    void oneWayMessagesAreDelivered() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        WireBuffer out = c.request();
        out.writeInt(42);
        c.oneWay();
        assertArrayEquals(new byte[] {'E'}, Tcp.call(c, new byte[] {'E'}, Tcp.TIMEOUT));
        c.release();
        assertEquals(1, serverNode.oneWays.size());
        assertArrayEquals(new byte[] {42, 0, 0, 0}, serverNode.oneWays.get(0));
        assertEquals(1, client.statistics().oneWaySent());
        assertEquals(1, server.statistics().oneWayReceived());
    }

    @Test
    void statisticsCountCallsAndBytes() throws Exception {
        TcpTechnology server = start(serverNode);
        TcpTechnology client = start(clientNode);
        long serverBytesBefore = server.statistics().bytesReceived();
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        long afterHandshake = server.statistics().bytesReceived();
        assertTrue(afterHandshake > serverBytesBefore, "hello counted");
        long clientSentBefore = client.statistics().bytesSent();
        for (int i = 0; i < 10; i++) {
            Tcp.call(c, new byte[100], Tcp.TIMEOUT);
        }
        c.release();
        assertEquals(10, client.statistics().callsSent());
        assertEquals(10, server.statistics().callsReceived());
        assertEquals(10L * (100 + TcpFrameDescriptor.HEADER_LENGTH), client.statistics().bytesSent() - clientSentBefore);
        assertEquals(10L * (100 + TcpFrameDescriptor.HEADER_LENGTH), server.statistics().bytesReceived() - afterHandshake);
        assertEquals(1, client.statistics().connectionsOpened());
        assertEquals(1, server.statistics().connectionsOpen());
    }

    @Test
    void canReachOnlyWellFormedTcpUtids() throws Exception {
        TcpTechnology t = new TcpTechnology(Tcp.settings(1000));
        assertTrue(t.canReach(TcpAddress.utid(java.net.InetAddress.getByName("127.0.0.1"), 2099)));
        assertFalse(t.canReach(new Utid("parastation", new byte[] {1, 2, 3, 4, 5, 6})));
        assertFalse(t.canReach(new Utid("tcp", new byte[] {1, 2, 3})));
        assertFalse(t.canReach(TcpAddress.utid(java.net.InetAddress.getByName("127.0.0.1"), 0)));
        assertThrows(IOException.class, () -> t.acquire(TcpAddress.utid(java.net.InetAddress.getByName("127.0.0.1"), 1), 100));
    }

    @Test
    void connectionsOverTheLimitAreRefusedWithCodeFourWhenEveryOneHasACallInFlight() throws Exception {
        TcpTechnology server = start(serverNode, new TcpSettings("127.0.0.1", 0, 30_000, 2000,
                TcpSettings.DEFAULT_MAX_FRAME_BYTES, 0, 2));
        TcpTechnology client = start(clientNode);
        Connection a = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        Connection b = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<byte[]> slowA = pool.submit(() -> Tcp.call(a, Tcp.sleepCommand(1500), Tcp.TIMEOUT));
            Future<byte[]> slowB = pool.submit(() -> Tcp.call(b, Tcp.sleepCommand(1500), Tcp.TIMEOUT));
            Tcp.await("both calls in flight", 5_000, () -> server.statistics().callsReceived() >= 2);
            for (int i = 0; i < 3; i++) {
                IOException e = assertThrows(IOException.class, () -> client.acquire(server.localUtid(), Tcp.TIMEOUT));
                assertTrue(e.getMessage().contains("code 4") && e.getMessage().contains("limit of 2"), e.getMessage());
            }
            assertEquals(3, server.statistics().connectionsRefused());
            assertEquals(5, slowA.get(10, TimeUnit.SECONDS).length);
            assertEquals(5, slowB.get(10, TimeUnit.SECONDS).length);
        } finally {
            pool.shutdownNow();
        }
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT); // both idle again: one is retired for c
        assertArrayEquals(new byte[] {'E'}, Tcp.call(c, new byte[] {'E'}, Tcp.TIMEOUT));
        assertEquals(4, server.statistics().connectionsRefused(), "three refusals and one retired connection");
        a.release();
        b.release();
        c.release();
    }
}
