package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * Waiting cannot collapse (issue 18): four times as many calling threads as cores, each call
 * answered only after the server called back into the caller's node, every waiting thread
 * (callers, both nodes' receivers) competing for the host's few cores, so that most waits
 * find no permit to busy-wait and sleep on their doorbell. Progress, not speed: every call
 * completes within a generous bound, and no wait needed its safety timeout (which is set far
 * longer than that bound, and the nodes' counters of lost wake-ups stay 0).
 */
@ExtendWith(ShmDirectory.class)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class WaitingStressTest {

    /** Longer than any call may take here: a wake-up that had to wait for it fails the test. */
    private static final long SAFETY_MS = 60_000;
    private static final long CALL_TIMEOUT_MS = 30_000;
    /** Generous: a call on a loaded 2-core machine takes microseconds to milliseconds. */
    private static final long CALL_BOUND_MS = 20_000;
    private static final int CALLS_PER_THREAD = 300;
    /** Payload sizes: empty, one record, and fragmented over a ring of 16 KiB (records of 2 KiB). */
    private static final int[] SIZES = {0, 100, 5_000};
    private static final int CALL_BACK = 1;
    private static final int ECHO = 0;

    private final List<ParaStationTechnology> started = new ArrayList<>();

    @AfterEach
    void closeAll() {
        started.forEach(ParaStationTechnology::close);
    }

    private ParaStationTechnology start(Path domain, CallbackContext context) throws IOException {
        ParaStationTechnology t = new ParaStationTechnology(ParaStationConfig.builder().domainDirectory(domain)
                .ringCapacity(16 * 1024).heartbeatIntervalMs(50).wakeSafetyTimeoutMs(SAFETY_MS).build());
        context.self.set(t);
        t.start(context);
        started.add(t);
        return t;
    }

    private static ParaStationStatistics stats(ParaStationTechnology t) {
        return (ParaStationStatistics) t.statistics();
    }

    @Test
    void callsWithCallbacksFromFourTimesAsManyThreadsAsCoresAllCompleteWithoutTheSafetyTimeout(Path domain)
            throws Exception {
        int threads = 4 * Runtime.getRuntime().availableProcessors();
        CallbackContext callerContext = new CallbackContext();
        CallbackContext serverContext = new CallbackContext();
        ParaStationTechnology caller = start(domain, callerContext);
        ParaStationTechnology server = start(domain, serverContext);
        serverContext.callBackTo.set(caller.localUtid());

        ExecutorService pool = Executors.newFixedThreadPool(threads);
        AtomicLong longestNs = new AtomicLong();
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int seed = t;
                results.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        byte[] payload = pattern(SIZES[(i + seed) % SIZES.length], seed * 31 + i);
                        Connection c = caller.acquire(server.localUtid(), CALL_TIMEOUT_MS);
                        long t0 = System.nanoTime();
                        byte[] got = call(c, CALL_BACK, payload);
                        long tookNs = System.nanoTime() - t0;
                        c.release();
                        longestNs.accumulateAndGet(tookNs, Math::max);
                        assertArrayEquals(payload, got, "thread " + seed + ", call " + i);
                        assertTrue(tookNs < CALL_BOUND_MS * 1_000_000L, "thread " + seed + ", call " + i + " took "
                                + tookNs / 1_000_000 + " ms");
                    }
                    return CALLS_PER_THREAD;
                }));
            }
            go.countDown();
            int calls = 0;
            for (Future<Integer> f : results) {
                calls += f.get(150, TimeUnit.SECONDS);
            }
            assertEquals(threads * CALLS_PER_THREAD, calls);
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "calling threads ended");
        }
        int calls = threads * CALLS_PER_THREAD;
        assertEquals(calls, serverContext.callsAnswered.get(), "every call reached the server");
        assertEquals(calls, callerContext.callsAnswered.get(), "every call was called back");
        assertEquals(0, stats(caller).safetyTimeoutWakeups(), "no lost wake-up at the caller: " + stats(caller));
        assertEquals(0, stats(server).safetyTimeoutWakeups(), "no lost wake-up at the server: " + stats(server));
        assertEquals(0, serverContext.failures.get() + callerContext.failures.get(), "no handler failed");
        SpinPermits permits = caller.node().spinPermits();
        ParaStationTechnologyTest.await("every permit to busy-wait to go back once the receivers sleep", 10_000,
                () -> permits.spinningNow() == 0 && permits.spinningHere() == 0
                        && server.node().spinPermits().spinningHere() == 0);
        System.err.printf("[stress] %d threads x %d calls with callbacks on %d cores: longest %.1f ms;%n"
                + "  caller %s%n  server %s%n", threads, CALLS_PER_THREAD, Runtime.getRuntime().availableProcessors(),
                longestNs.get() / 1e6, stats(caller), stats(server));
    }

    private static byte[] call(Connection c, int kind, byte[] payload) throws IOException {
        WireBuffer out = c.request();
        out.writeInt(kind);
        out.writeBytes(payload, 0, payload.length);
        WireBuffer in = c.call(CALL_TIMEOUT_MS);
        byte[] got = new byte[in.remaining()];
        in.readBytes(got, 0, got.length);
        return got;
    }

    private static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        ThreadLocalRandom.current().nextBytes(b);
        if (n > 0) {
            b[0] = (byte) seed;
        }
        return b;
    }

    /**
     * A reference layer for this test: a call of kind {@link #CALL_BACK} is answered after
     * an echo call back into {@link #callBackTo}; a call of kind {@link #ECHO} is echoed.
     * Thread-safe.
     */
    private static final class CallbackContext implements TechnologyContext, InboundHandler {

        final AtomicReference<ParaStationTechnology> self = new AtomicReference<>();
        final AtomicReference<Utid> callBackTo = new AtomicReference<>();
        final AtomicLong callsAnswered = new AtomicLong();
        final AtomicLong failures = new AtomicLong();
        private final long nodeId = ThreadLocalRandom.current().nextLong();

        @Override public long nodeId() { return nodeId; }
        @Override public String serializerName() { return "uka"; }
        @Override public int serializerVersion() { return 1; }
        @Override public List<Utid> nodeUtids() { return List.of(self.get().localUtid()); }
        @Override public InboundHandler inbound() { return this; }
        @Override public long ioTimeoutMillis() { return CALL_TIMEOUT_MS; }
        @Override public InboundByteBudget inboundBudget() { return InboundByteBudget.UNLIMITED; }

        @Override
        public void onCall(ServerConnection c) {
            WireBuffer in = c.request();
            try {
                int kind = in.readInt();
                byte[] payload = new byte[in.remaining()];
                in.readBytes(payload, 0, payload.length);
                if (kind == CALL_BACK) {
                    Connection back = self.get().acquire(callBackTo.get(), CALL_TIMEOUT_MS);
                    byte[] echoed = call(back, ECHO, payload);
                    back.release();
                    if (!Arrays.equals(payload, echoed)) {
                        throw new IOException("the callback's echo differs");
                    }
                }
                c.reply().writeBytes(payload, 0, payload.length);
                callsAnswered.incrementAndGet();
                c.sendReply();
            } catch (IOException | RuntimeException e) {
                failures.incrementAndGet();
                c.close();
            }
        }

        @Override
        public void onOneWay(ServerConnection c, WireBuffer message) {
            failures.incrementAndGet();
        }

        @Override
        public void onClosed(ServerConnection c) {
        }

        @Override
        public void onPeerDied(long node) {
            failures.incrementAndGet();
        }
    }
}
