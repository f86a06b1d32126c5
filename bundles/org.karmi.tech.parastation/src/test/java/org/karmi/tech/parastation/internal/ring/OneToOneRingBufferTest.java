package org.karmi.tech.parastation.internal.ring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OneToOneRingBufferTest {

    private static OneToOneRingBuffer ring(int capacity) {
        return new OneToOneRingBuffer(ByteBuffer.allocateDirect(RingBufferDescriptor.totalLength(capacity)));
    }

    private static List<byte[]> drain(RingBuffer ring) {
        List<byte[]> out = new ArrayList<>();
        while (ring.read((type, b, index, length) -> {
            byte[] m = new byte[length];
            b.get(index, m, 0, length);
            out.add(m);
        }, 100) > 0) {
            // keep reading
        }
        return out;
    }

    @Test
    void writesAndReadsOneRecordWithItsType() {
        OneToOneRingBuffer ring = ring(1024);
        assertTrue(ring.write(5, new byte[] {1, 2, 3}, 0, 3));
        AtomicReference<String> seen = new AtomicReference<>();
        assertEquals(1, ring.read((type, b, i, len) -> seen.set(type + ":" + len + ":" + b.get(i + 2)), 10));
        assertEquals("5:3:3", seen.get());
        assertEquals(0, ring.read((t, b, i, l) -> { }, 10));
    }

    @Test
    void recordsThatDoNotFitBeforeTheEndWrapWithPaddingAndStayIntact() {
        OneToOneRingBuffer ring = ring(1024);
        byte[] big = new byte[100];
        for (int lap = 0; lap < 50; lap++) {
            for (int i = 0; i < big.length; i++) {
                big[i] = (byte) (lap + i);
            }
            assertTrue(ring.write(1, big, 0, big.length), "lap " + lap);
            List<byte[]> got = drain(ring);
            assertEquals(1, got.size(), "lap " + lap);
            assertArrayEquals(big, got.get(0), "lap " + lap);
        }
        assertTrue(ring.producerPositionAcquire() > 2 * 1024, "the test must have wrapped the ring");
    }

    @Test
    void fullRingRefusesWithoutOverwritingAndAcceptsAgainAfterARead() {
        OneToOneRingBuffer ring = ring(1024);
        byte[] m = new byte[ring.maxMsgLength()];
        int written = 0;
        while (ring.write(1, m, 0, m.length)) {
            m[0] = (byte) ++written;
            assertTrue(written < 100, "a 1 KiB ring cannot take 100 records");
        }
        assertEquals(RingBuffer.INSUFFICIENT_CAPACITY, ring.tryClaim(1, m.length));
        List<Integer> firstBytes = new ArrayList<>();
        assertEquals(1, ring.read((t, b, i, l) -> firstBytes.add((int) b.get(i)), 1));
        assertTrue(ring.write(1, m, 0, m.length), "space freed by the read is reused");
        assertEquals(written, drain(ring).size());
        assertEquals(0, firstBytes.get(0));
    }

    @Test
    void abortedClaimIsSkippedByTheReader() {
        OneToOneRingBuffer ring = ring(1024);
        int index = ring.tryClaim(3, 16);
        ring.abort(index);
        assertTrue(ring.write(4, new byte[] {9}, 0, 1));
        List<Integer> types = new ArrayList<>();
        ring.read((t, b, i, l) -> types.add(t), 10);
        assertEquals(List.of(4), types);
    }

    @Test
    void rejectsNonPositiveTypesOversizedMessagesAndBadCapacities() {
        OneToOneRingBuffer ring = ring(1024);
        assertThrows(IllegalArgumentException.class, () -> ring.tryClaim(0, 1));
        assertThrows(IllegalArgumentException.class, () -> ring.tryClaim(1, ring.maxMsgLength() + 1));
        assertThrows(IllegalArgumentException.class, () -> ring.tryClaim(1, -1));
        assertThrows(IllegalArgumentException.class,
                () -> new OneToOneRingBuffer(ByteBuffer.allocateDirect(1000 + RingBufferDescriptor.TRAILER_LENGTH)));
        assertThrows(IllegalArgumentException.class,
                () -> new OneToOneRingBuffer(ByteBuffer.allocate(RingBufferDescriptor.totalLength(1024))));
    }

    @Test
    void producerAndConsumerThreadsExchangeThreeMillionMessagesInOrderAndIntact() throws Exception {
        final long count = 3_000_000;
        final int maxExtra = 120;
        OneToOneRingBuffer ring = ring(4096);
        AtomicReference<String> producerError = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            byte[] scratch = new byte[Traffic.HEADER + maxExtra];
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
            for (long seq = 0; seq < count; seq++) {
                if (!Traffic.write(ring, scratch, 0, seq, maxExtra, deadline)) {
                    producerError.set("ring stayed full at " + seq);
                    return;
                }
            }
        }, "producer");
        producer.start();
        Traffic consumer = new Traffic(1, maxExtra);
        IdleStrategy idle = new BackoffIdleStrategy(100, 10, 1_000, 100_000);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        while (consumer.received < count && consumer.error == null && System.nanoTime() < deadline
                && producerError.get() == null) {
            idle.idle(ring.read(consumer, 64));
        }
        producer.join(5_000);
        assertNull(producerError.get());
        assertNull(consumer.error);
        assertEquals(count, consumer.received);
        assertEquals(0, ring.read(consumer, 1), "no duplicate after the last message");
    }
}
