package org.karmi.tech.parastation.internal.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ManyToOneRingBufferTest {

    private static ManyToOneRingBuffer ring(int capacity) {
        return new ManyToOneRingBuffer(ByteBuffer.allocateDirect(RingBufferDescriptor.totalLength(capacity)));
    }

    @Test
    void threeProducerThreadsDeliverThreeMillionMessagesInOrderPerProducer() throws Exception {
        final int producers = 3;
        final long perProducer = 1_000_000;
        final int maxExtra = 100;
        ManyToOneRingBuffer ring = ring(8192);
        AtomicReference<String> producerError = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final int id = p;
            Thread t = new Thread(() -> {
                byte[] scratch = new byte[Traffic.HEADER + maxExtra];
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
                for (long seq = 0; seq < perProducer; seq++) {
                    if (!Traffic.write(ring, scratch, id, seq, maxExtra, deadline)) {
                        producerError.set("producer " + id + ": ring stayed full at " + seq);
                        return;
                    }
                }
            }, "producer-" + p);
            threads.add(t);
            t.start();
        }
        Traffic consumer = new Traffic(producers, maxExtra);
        IdleStrategy idle = new BackoffIdleStrategy(100, 10, 1_000, 100_000);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (consumer.received < producers * perProducer && consumer.error == null
                && System.nanoTime() < deadline && producerError.get() == null) {
            idle.idle(ring.read(consumer, 64));
        }
        for (Thread t : threads) {
            t.join(5_000);
        }
        assertNull(producerError.get());
        assertNull(consumer.error);
        for (int p = 0; p < producers; p++) {
            assertEquals(perProducer, consumer.next(p), "producer " + p);
        }
    }

    @Test
    void unblockTurnsARecordADeadProducerClaimedIntoPadding() {
        ManyToOneRingBuffer ring = ring(1024);
        int dead = ring.tryClaim(2, 40); // never committed: its producer "died"
        assertTrue(dead > 0);
        assertTrue(ring.write(3, new byte[] {7}, 0, 1));
        List<Integer> types = new ArrayList<>();
        assertEquals(0, ring.read((t, b, i, l) -> types.add(t), 10), "blocked behind the dead claim");
        assertTrue(ring.unblock());
        assertEquals(1, ring.read((t, b, i, l) -> types.add(t), 10));
        assertEquals(List.of(3), types);
        assertFalse(ring.unblock(), "nothing left to unblock");
    }

    @Test
    void unblockSkipsAClaimWhoseHeaderWasNeverWritten() {
        ManyToOneRingBuffer ring = ring(1024);
        // a producer advanced the tail by 24 bytes and died before writing anything
        ByteBufferAccess.LONG.compareAndSet(ring.buffer(), ring.tailPositionIndex, 0L, 24L);
        assertTrue(ring.write(3, new byte[] {7}, 0, 1));
        List<Integer> types = new ArrayList<>();
        assertEquals(0, ring.read((t, b, i, l) -> types.add(t), 10));
        assertTrue(ring.unblock());
        assertEquals(1, ring.read((t, b, i, l) -> types.add(t), 10));
        assertEquals(List.of(3), types);
    }

    @Test
    void consumerZeroesWhatItReadSoWrappedRecordsAreNeverStale() {
        ManyToOneRingBuffer ring = ring(1024);
        byte[] m = new byte[60];
        int read = 0;
        for (int i = 0; i < 200; i++) {
            m[0] = (byte) i;
            assertTrue(ring.write(1, m, 0, m.length));
            List<Integer> got = new ArrayList<>();
            read += ring.read((t, b, idx, l) -> got.add((int) b.get(idx)), 10);
            assertEquals(List.of((int) (byte) i), got);
        }
        assertEquals(200, read);
    }
}
