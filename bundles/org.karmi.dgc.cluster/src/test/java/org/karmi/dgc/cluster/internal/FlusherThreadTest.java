package org.karmi.dgc.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/** The collector with its own flusher thread: woken by events, named after its node, stopped with a bound. */
class FlusherThreadTest {

    private static final long BOUND_SECONDS = 10;
    private static final long A = 0xa;
    private static final long B = 0xb;
    private static final List<Utid> AT_A = List.of(new Utid("test", new byte[] {0xa}));

    /** What the collector sent, and on which thread; the verdicts, and on which thread. */
    private static class Recorder implements CollectorContext {
        final long self;
        final BlockingQueue<byte[]> sent = new LinkedBlockingQueue<>();
        final BlockingQueue<String> threads = new LinkedBlockingQueue<>();
        final BlockingQueue<ObjectId> unreferenced = new LinkedBlockingQueue<>();

        Recorder(long self) {
            this.self = self;
        }

        @Override public long nodeId() { return self; }
        @Override public List<Utid> nodeUtids() { return List.of(); }
        @Override public long timeoutMillis() { return 1_000; }

        @Override
        public void send(List<Utid> destination, byte[] message) {
            threads.add(Thread.currentThread().getName());
            sent.add(message);
        }

        @Override
        public WireBuffer call(List<Utid> destination, byte[] request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void unreferenced(ObjectId id) {
            threads.add(Thread.currentThread().getName());
            unreferenced.add(id);
        }
    }

    private ClusterCollector collector;

    @AfterEach
    void stop() {
        if (collector != null) {
            collector.stop();
        }
    }

    @Test
    void aDropIsSentWithinTheWindowByTheThreadNamedAfterTheNode() throws Exception {
        Recorder r = new Recorder(B);
        collector = new ClusterCollector(new ClusterConfig(5, 1024));
        collector.start(r);
        ObjectId x = new ObjectId(A, 1);
        collector.referenceReceived(x, AT_A, A, AT_A, true);
        collector.referenceUnreachable(x);
        byte[] m = r.sent.poll(BOUND_SECONDS, TimeUnit.SECONDS);
        assertNotNull(m, "no decrement within " + BOUND_SECONDS + " s");
        assertEquals(17, m.length);
        assertEquals("karmi-dgc-cluster-b", r.threads.poll());
    }

    @Test
    void aVerdictIsReportedOnTheFlusherThread() throws Exception {
        Recorder r = new Recorder(A);
        collector = new ClusterCollector(ClusterConfig.defaults());
        collector.start(r);
        ObjectId x = new ObjectId(A, 1);
        collector.referenceSent(x, B);
        byte[] decrement = DecrementDescriptor.encode(A, java.util.Map.of(x, new long[] {1}), 1).get(0);
        WireBuffer in = new WireBuffer(decrement.length);
        System.arraycopy(decrement, 0, in.array, 0, decrement.length);
        collector.onMessage(B, in);
        assertEquals(x, r.unreferenced.poll(BOUND_SECONDS, TimeUnit.SECONDS));
        assertEquals("karmi-dgc-cluster-a", r.threads.poll());
    }

    @Test
    void stopSendsWhatIsOwedAndEndsTheThread() throws Exception {
        Recorder r = new Recorder(B);
        collector = new ClusterCollector(new ClusterConfig(ClusterConfig.MAX_BATCH_WINDOW_MILLIS, 1024));
        collector.start(r);
        ObjectId x = new ObjectId(A, 1);
        collector.referenceReceived(x, AT_A, A, AT_A, true);
        collector.referenceUnreachable(x);
        collector.stop();
        assertEquals(1, r.sent.size(), "the window's end was not awaited, the decrement left at stop");
        assertFalse(flusherAlive("karmi-dgc-cluster-b"));
    }

    @Test
    void afterHandingOverStopSendsNothingAndTheSuccessorSendsWhatWasOwed() throws Exception {
        Recorder r = new Recorder(B);
        collector = new ClusterCollector(new ClusterConfig(ClusterConfig.MAX_BATCH_WINDOW_MILLIS, 1024));
        collector.start(r);
        ObjectId x = new ObjectId(A, 1);
        collector.referenceReceived(x, AT_A, A, AT_A, true);
        collector.referenceUnreachable(x);
        byte[] state = collector.handOver();
        collector.stop();
        assertEquals(0, r.sent.size(), "what is owed is the successor's to send");
        assertFalse(flusherAlive("karmi-dgc-cluster-b"));

        Recorder next = new Recorder(B) {
            @Override
            public byte[] handedOver() {
                return state;
            }
        };
        collector = new ClusterCollector(new ClusterConfig(5, 1024));
        collector.start(next);
        collector.replayed();
        byte[] m = next.sent.poll(BOUND_SECONDS, TimeUnit.SECONDS);
        assertNotNull(m, "no decrement within " + BOUND_SECONDS + " s");
        assertEquals(17, m.length);
        assertEquals(0, next.sent.size() + r.sent.size(), "sent once");
    }

    @Test
    void anIdleCollectorStopsAtOnce() {
        collector = new ClusterCollector(ClusterConfig.defaults());
        collector.start(new Recorder(0x5eed));
        assertTrue(flusherAlive("karmi-dgc-cluster-5eed"));
        long t0 = System.nanoTime();
        collector.stop();
        assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(BOUND_SECONDS));
        assertFalse(flusherAlive("karmi-dgc-cluster-5eed"));
    }

    private static boolean flusherAlive(String name) {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }
}
