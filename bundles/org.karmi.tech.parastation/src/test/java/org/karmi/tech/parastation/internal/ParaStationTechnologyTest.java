package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/** Two nodes (two technologies with their own contexts) in one JVM, sharing a test domain. */
@ExtendWith(ShmDirectory.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ParaStationTechnologyTest {

    private final List<ParaStationTechnology> started = new ArrayList<>();

    @AfterEach
    void closeAll() {
        started.forEach(ParaStationTechnology::close);
    }

    private ParaStationTechnology start(Path domain, TestContext context) throws IOException {
        return start(ParaStationConfig.builder().domainDirectory(domain).ringCapacity(16 * 1024)
                .heartbeatIntervalMs(50).build(), context);
    }

    private ParaStationTechnology start(ParaStationConfig config, TestContext context) throws IOException {
        ParaStationTechnology t = new ParaStationTechnology(config);
        context.utids(() -> List.of(t.localUtid()));
        t.start(context);
        started.add(t);
        return t;
    }

    static void await(String what, long timeoutMs, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeoutMs + " ms waiting for " + what);
            }
            Thread.sleep(5);
        }
    }

    private static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 13 + seed);
        }
        return b;
    }

    private static byte[] echo(Connection c, byte[] payload) throws IOException {
        WireBuffer out = c.request();
        out.writeBytes(payload, 0, payload.length);
        WireBuffer in = c.call(10_000);
        byte[] got = new byte[in.remaining()];
        in.readBytes(got, 0, got.length);
        return got;
    }

    @Test
    void echoRoundTripsCarrySmallEmptyAndFragmentedPayloads(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext());
        ParaStationTechnology client = start(domain, new TestContext());
        Connection c = client.acquire(server.localUtid(), 5_000);
        assertEquals(server.localUtid(), c.remoteHandshake().utids().get(0));
        for (int size : new int[] {0, 1, 64, 2_047, 16 * 1024, 5 * 1024 * 1024 + 3}) {
            byte[] p = pattern(size, size);
            assertArrayEquals(p, echo(c, p), "payload of " + size + " bytes (ring of 16 KiB)");
        }
        c.release();
        assertEquals(6, client.statistics().callsSent());
        assertEquals(6, server.statistics().callsReceived());
        assertTrue(client.statistics().bytesSent() > 5 * 1024 * 1024, "fragments counted");
        assertEquals(client.statistics().bytesSent(), server.statistics().bytesReceived());
    }

    @Test
    void connectionsListBothEndsWithTheirPeerSerializerAndState(Path domain) throws Exception {
        TestContext serverNode = new TestContext();
        TestContext clientNode = new TestContext();
        ParaStationTechnology server = start(domain, serverNode);
        ParaStationTechnology client = start(domain, clientNode);
        Connection c = client.acquire(server.localUtid(), 5_000);
        ConnectionInfo out = client.connections().get(0);
        assertEquals(new ConnectionInfo("parastation", false, serverNode.nodeId(), out.peer(),
                "uka/1", ConnectionInfo.IN_CALL, 0), out);
        assertTrue(out.peer().startsWith("node "), out.peer());
        echo(c, new byte[] {1});
        c.release();
        assertEquals(ConnectionInfo.IDLE, client.connections().get(0).state());
        await("the server end idle", 5_000, () -> server.connections().size() == 1
                && server.connections().get(0).state().equals(ConnectionInfo.IDLE));
        ConnectionInfo in = server.connections().get(0);
        assertTrue(in.inbound() && in.peerNodeId() == clientNode.nodeId() && in.serializer().equals("uka/1"), in.toString());
    }

    @Test
    void releasedConnectionIsReusedAndCountedOnce(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext());
        ParaStationTechnology client = start(domain, new TestContext());
        Connection first = client.acquire(server.localUtid(), 5_000);
        first.release();
        Connection second = client.acquire(server.localUtid(), 5_000);
        assertSame(first, second);
        Connection other = client.acquire(server.localUtid(), 5_000);
        assertNotEquals(first, other, "a connection in use is not handed out twice");
        assertEquals(2, client.statistics().connectionsOpened());
        assertEquals(2, client.statistics().connectionsOpen());
        other.discard();
        assertFalse(other.isOpen());
        assertEquals(1, client.statistics().connectionsOpen());
        await("the server to see the discarded connection close", 5_000,
                () -> server.statistics().connectionsOpen() == 1);
        second.release();
    }

    @Test
    void oneWayMessagesArriveInOrder(Path domain) throws Exception {
        TestContext serverContext = new TestContext();
        ParaStationTechnology server = start(domain, serverContext);
        ParaStationTechnology client = start(domain, new TestContext());
        Connection c = client.acquire(server.localUtid(), 5_000);
        for (int i = 0; i < 1000; i++) {
            c.request().writeInt(i);
            c.oneWay();
        }
        for (int i = 0; i < 1000; i++) {
            byte[] m = serverContext.oneWays.poll(5, TimeUnit.SECONDS);
            assertEquals(i, WireBuffer.getInt(m, 0));
        }
        assertEquals(1000, client.statistics().oneWaySent());
        assertEquals(1000, server.statistics().oneWayReceived());
        c.release();
    }

    @Test
    void stalledReceiverBlocksTheSenderWhichResumesWithoutLoss(Path domain) throws Exception {
        TestContext serverContext = new TestContext("uka", 30_000);
        CountDownLatch unstall = new CountDownLatch(1);
        serverContext.beforeOneWay = () -> {
            try {
                unstall.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        ParaStationTechnology server = start(domain, serverContext);
        ParaStationTechnology client = start(domain, new TestContext("uka", 30_000));
        Connection c = client.acquire(server.localUtid(), 5_000);
        final int count = 100;
        AtomicInteger sent = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread sender = new Thread(() -> {
            try {
                for (int i = 0; i < count; i++) {
                    WireBuffer out = c.request();
                    out.writeInt(i);
                    out.writeBytes(pattern(4000, i), 0, 4000);
                    c.oneWay();
                    sent.incrementAndGet();
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        sender.start();
        await("the sender to block on the full ring", 10_000, () -> sender.getState() != Thread.State.RUNNABLE
                || sent.get() > 0);
        long before = sent.get();
        Thread.sleep(300); // the receiver is stalled: nothing more may get through (16 KiB ring, 4 KiB messages)
        assertTrue(sent.get() < count && sent.get() <= before + 5, "sender must be held back, sent " + sent.get());
        unstall.countDown();
        sender.join(20_000);
        assertEquals(null, failure.get());
        for (int i = 0; i < count; i++) {
            byte[] m = serverContext.oneWays.poll(5, TimeUnit.SECONDS);
            assertEquals(i, WireBuffer.getInt(m, 0), "message " + i);
            byte[] body = new byte[4000];
            System.arraycopy(m, 4, body, 0, 4000);
            assertArrayEquals(pattern(4000, i), body);
        }
        c.release();
    }

    @Test
    void senderBlockedLongerThanItsBoundGetsAnIOException(Path domain) throws Exception {
        TestContext serverContext = new TestContext();
        CountDownLatch never = new CountDownLatch(1);
        serverContext.beforeOneWay = () -> {
            try {
                never.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        ParaStationTechnology server = start(domain, serverContext);
        ParaStationTechnology client = start(domain, new TestContext("uka", 300));
        Connection c = client.acquire(server.localUtid(), 5_000);
        long t0 = System.nanoTime();
        IOException e = assertThrows(IOException.class, () -> {
            for (int i = 0; i < 1000; i++) {
                c.request().writeBytes(new byte[4000], 0, 4000);
                c.oneWay();
            }
        });
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(e instanceof SocketTimeoutException, e.toString());
        assertTrue(ms < 5_000, "bounded by the 300 ms I/O timeout, took " + ms + " ms");
        assertFalse(c.isOpen(), "a half-sent frame breaks the connection");
        never.countDown();
    }

    @Test
    void callWithoutAReplyInTimeGetsSocketTimeoutException(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext());
        ParaStationTechnology client = start(domain, new TestContext());
        Connection c = client.acquire(server.localUtid(), 5_000);
        WireBuffer out = c.request();
        out.writeInt(-1);
        out.writeInt(2_000); // the echo handler sleeps 2 s
        assertThrows(SocketTimeoutException.class, () -> c.call(200));
        assertFalse(c.isOpen());
    }

    @Test
    void closingTheServerEndsACallInFlightWithAnIOException(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext());
        ParaStationTechnology client = start(domain, new TestContext());
        Connection c = client.acquire(server.localUtid(), 5_000);
        WireBuffer out = c.request();
        out.writeInt(-1);
        out.writeInt(3_000);
        Thread closer = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            server.close();
        });
        closer.start();
        long t0 = System.nanoTime();
        IOException e = assertThrows(IOException.class, () -> c.call(20_000));
        assertFalse(e instanceof SocketTimeoutException, "ended by the close, not the timeout: " + e);
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 10_000);
        closer.join(10_000);
    }

    @Test
    void closingTheClientEndsItsOwnCallInFlightWithAnIOException(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext());
        ParaStationTechnology client = start(domain, new TestContext());
        Connection c = client.acquire(server.localUtid(), 5_000);
        WireBuffer out = c.request();
        out.writeInt(-1);
        out.writeInt(3_000);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                c.call(20_000);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        caller.start();
        Thread.sleep(200);
        client.close();
        caller.join(10_000);
        assertFalse(caller.isAlive());
        assertTrue(failure.get() instanceof IOException && !(failure.get() instanceof SocketTimeoutException),
                String.valueOf(failure.get()));
        assertThrows(IOException.class, () -> client.acquire(server.localUtid(), 1_000));
    }

    @Test
    void handshakeRefusalNamesTheSerializerMismatch(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext("jdk", 5_000));
        ParaStationTechnology client = start(domain, new TestContext("uka", 5_000));
        IOException e = assertThrows(IOException.class, () -> client.acquire(server.localUtid(), 5_000));
        assertTrue(e.getMessage().contains("no serializer in common") && e.getMessage().contains("code 2"), e.getMessage());
        assertEquals(0, client.statistics().connectionsOpen());
        try (var files = Files.list(domain)) {
            assertEquals(0, files.filter(f -> f.getFileName().toString().startsWith("chan-")).count(),
                    "no channel file left behind");
        }
    }

    @Test
    void describeNamesDomainAndPortAndServerConnectionsSayThePeerIsOnThisHost(Path domain) throws Exception {
        TestContext serverContext = new TestContext();
        ParaStationTechnology server = start(domain, serverContext);
        ParaStationTechnology client = start(domain, new TestContext());
        Utid u = server.localUtid();
        assertEquals("parastation " + Long.toHexString(ParaStationAddress.domainId(u.address())) + ":"
                + ParaStationAddress.port(u.address()), server.describe(u));
        assertEquals("parastation 1122334455667788:5", client.describe(ParaStationAddress.utid(0x1122334455667788L, 5)));
        Utid malformed = new Utid("parastation", new byte[] {1, 2, 3});
        assertEquals(malformed.toString(), client.describe(malformed), "a malformed UTID in its hex form");
        Utid tcp = new Utid("tcp", new byte[] {127, 0, 0, 1, 8, 51});
        assertEquals(tcp.toString(), client.describe(tcp));
        Connection c = client.acquire(u, 5_000);
        assertArrayEquals(new byte[] {7}, echo(c, new byte[] {7}));
        assertTrue(serverContext.lastPeerOnThisHost, "a shared-memory peer is always on this host");
        c.release();
    }

    @Test
    void canReachOnlyParaStationNodesOfTheSameDomain(Path domain) throws Exception {
        Path otherDomain = domain.resolve("other");
        ParaStationTechnology a = start(domain, new TestContext());
        ParaStationTechnology b = start(domain, new TestContext());
        ParaStationTechnology c = start(otherDomain, new TestContext());
        assertTrue(a.canReach(b.localUtid()));
        assertTrue(a.canReach(a.localUtid()));
        assertFalse(a.canReach(c.localUtid()), "other domain");
        assertFalse(c.canReach(a.localUtid()), "other domain");
        assertFalse(a.canReach(new Utid("tcp", b.localUtid().address())), "other technology");
        assertFalse(a.canReach(new Utid("parastation", new byte[] {1, 2, 3})), "malformed address");
        assertFalse(new ParaStationTechnology(a.config()).canReach(b.localUtid()), "not started");
        assertThrows(ConnectException.class, () -> a.acquire(c.localUtid(), 1_000));
    }

    @Test
    void restartAfterCloseGivesANewAddressThatWorks(Path domain) throws Exception {
        ParaStationTechnology server = start(domain, new TestContext());
        TestContext clientContext = new TestContext();
        ParaStationTechnology client = start(domain, clientContext);
        Utid before = client.localUtid();
        assertArrayEquals(pattern(10, 1), echo(client.acquire(server.localUtid(), 5_000), pattern(10, 1)));
        client.close();
        assertThrows(IllegalStateException.class, client::localUtid);
        assertFalse(Files.exists(domain.resolve(DomainDescriptor.nodeFileName(ParaStationAddress.port(before.address())))),
                "a closed node deletes its file");
        client.start(clientContext);
        assertNotEquals(before, client.localUtid());
        assertThrows(IllegalStateException.class, () -> client.start(clientContext));
        Connection c = client.acquire(server.localUtid(), 5_000);
        assertArrayEquals(pattern(10, 2), echo(c, pattern(10, 2)));
        assertEquals(1, client.statistics().callsSent(), "statistics start again with each life");
        c.release();
    }

    @Test
    void acquiringANodeThatDoesNotExistIsAConnectException(Path domain) throws Exception {
        ParaStationTechnology a = start(domain, new TestContext());
        Utid ghost = ParaStationAddress.utid(ParaStationAddress.domainId(a.localUtid().address()), 999_999);
        assertThrows(ConnectException.class, () -> a.acquire(ghost, 1_000));
    }

    @Test
    void startFailsWithAClearIOExceptionWithoutTheSharedMemoryDirectory() {
        ParaStationTechnology t = new ParaStationTechnology(ParaStationConfig.builder()
                .domainDirectory(Path.of("/no-such-shm-" + System.nanoTime(), "karmi")).build());
        IOException e = assertThrows(IOException.class, () -> t.start(new TestContext()));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        assertThrows(IllegalStateException.class, t::localUtid);
    }

    @Test
    void serviceLoaderFindsTheTechnologyConfiguredBySystemProperties() {
        Technology t = ServiceLoader.load(Technology.class).stream().map(ServiceLoader.Provider::get)
                .filter(x -> x.name().equals("parastation")).findFirst().orElseThrow();
        assertTrue(t instanceof ParaStationTechnology);
        assertEquals(Path.of(ParaStationConfig.DEFAULT_DOMAIN_DIRECTORY),
                ((ParaStationTechnology) t).config().domainDirectory());
    }

    @Test
    void settingsAreReadByNameAndBadValuesAreNamed() {
        ParaStationConfig c = ParaStationConfig.from(n -> n.equals("ringCapacity") ? "65536"
                : n.equals("maxParkNs") ? "2000000" : null);
        assertEquals(65536, c.ringCapacity());
        assertEquals(2_000_000, c.maxParkNs());
        assertEquals(ParaStationConfig.DEFAULT_SPIN_TRIES, c.spinTries());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ParaStationConfig.from(n -> n.equals("spinTries") ? "lots" : null));
        assertTrue(e.getMessage().contains("spinTries"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ParaStationConfig.from(n -> n.equals("ringCapacity") ? "1000" : null));
    }

    @Test
    void failureLogIntervalAndConnectionLimitAreSettingsWithPositiveValues() {
        ParaStationConfig c = ParaStationConfig.from(n -> n.equals("failureLogIntervalMs") ? "500"
                : n.equals("maxConnections") ? "7" : null);
        assertEquals(500, c.failureLogIntervalMs());
        assertEquals(7, c.maxConnections());
        assertEquals(ParaStationConfig.DEFAULT_FAILURE_LOG_INTERVAL_MS, ParaStationConfig.defaults().failureLogIntervalMs());
        assertEquals(ParaStationConfig.DEFAULT_MAX_CONNECTIONS, ParaStationConfig.defaults().maxConnections());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ParaStationConfig.from(n -> n.equals("maxConnections") ? "0" : null));
        assertTrue(e.getMessage().contains("maxConnections"), e.getMessage());
    }
}
