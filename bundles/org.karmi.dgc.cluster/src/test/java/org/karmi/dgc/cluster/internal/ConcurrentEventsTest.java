package org.karmi.dgc.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * Two collectors with their own flusher threads, linked by a context that delivers each
 * message at once, while several threads send, receive and drop references at the same time:
 * an object is referenced at its owner whenever a thread holds it, and everything is
 * unreferenced and forgotten (no lost wake-up, no lost decrement) once all are dropped.
 */
class ConcurrentEventsTest {

    private static final long A = 0xa;
    private static final long B = 0xb;
    private static final long BOUND_NANOS = TimeUnit.SECONDS.toNanos(20);
    private static final int THREADS = 4;
    private static final int OBJECTS = 64;
    private static final int ROUNDS = 20_000;

    private final ClusterCollector owner = new ClusterCollector(new ClusterConfig(1, 16));
    private final ClusterCollector holder = new ClusterCollector(new ClusterConfig(1, 16));
    private final Set<ObjectId> unreferenced = ConcurrentHashMap.newKeySet();

    /** Delivers a message straight to the other collector's {@code onMessage}, on the sending flusher thread. */
    private final class Link implements CollectorContext {
        final long self;
        final ClusterCollector peer;

        Link(long self, ClusterCollector peer) {
            this.self = self;
            this.peer = peer;
        }

        @Override public long nodeId() { return self; }
        @Override public List<Utid> nodeUtids() { return utids(self); }
        @Override public long timeoutMillis() { return 1_000; }

        @Override
        public void send(List<Utid> destination, byte[] message) {
            WireBuffer in = new WireBuffer(message.length);
            System.arraycopy(message, 0, in.array, 0, message.length);
            peer.onMessage(self, in);
        }

        @Override
        public WireBuffer call(List<Utid> destination, byte[] request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void unreferenced(ObjectId id) {
            unreferenced.add(id);
        }
    }

    private static List<Utid> utids(long node) {
        return List.of(new Utid("test", new byte[] {(byte) node}));
    }

    @AfterEach
    void stop() {
        owner.stop();
        holder.stop();
    }

    @Test
    void concurrentPassesAndDropsKeepEveryHeldObjectReferencedAndEndUnreferenced() throws Exception {
        owner.start(new Link(A, holder));
        holder.start(new Link(B, owner));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicInteger unsafe = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int first = t;
            threads.add(new Thread(() -> {
                Random rnd = new Random(first);
                boolean[] held = new boolean[OBJECTS];
                for (int r = 0; r < ROUNDS; r++) {
                    int i = first + THREADS * rnd.nextInt(OBJECTS / THREADS);
                    ObjectId x = new ObjectId(A, i);
                    if (held[i] && rnd.nextInt(3) == 0) {
                        holder.referenceUnreachable(x);
                        held[i] = false;
                    } else {
                        owner.referenceSent(x, B);
                        holder.referenceReceived(x, utids(A), A, utids(A), !held[i]);
                        held[i] = true;
                        if (!owner.isReferenced(x)) {
                            unsafe.incrementAndGet();
                        }
                    }
                }
                for (int i = first; i < OBJECTS; i += THREADS) {
                    if (held[i]) {
                        holder.referenceUnreachable(new ObjectId(A, i));
                    }
                }
            }, "events-" + t));
        }
        threads.forEach(th -> th.setUncaughtExceptionHandler((x, e) -> failure.set(e)));
        threads.forEach(Thread::start);
        for (Thread th : threads) {
            th.join(TimeUnit.NANOSECONDS.toMillis(BOUND_NANOS));
        }
        assertEquals(null, failure.get());
        assertEquals(0, unsafe.get(), "an object was unreferenced at its owner while a thread held it");

        long deadline = System.nanoTime() + BOUND_NANOS;
        while ((owner.counters().ownedEntries() > 0 || holder.counters().pendingDecrements() > 0)
                && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            Thread.yield();
        }
        assertEquals(new ClusterCollector.Counters(0, 0, 0, 0, 0, 0), owner.counters());
        assertEquals(new ClusterCollector.Counters(0, 0, 0, 0, 0, 0), holder.counters());
        while (unreferenced.size() < OBJECTS && System.nanoTime() < deadline) {
            Thread.yield();
        }
        assertEquals(OBJECTS, unreferenced.size());
        assertTrue(unreferenced.stream().allMatch(id -> !owner.isReferenced(id)));
    }
}
