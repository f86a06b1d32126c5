package org.karmi.tech.parastation.internal.ring;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Timeout;

/**
 * A home-made stand-in for jcstress: races producers and the consumer of the smallest ring for
 * a fixed time, so that claims, commits, padding at the wrap and the head update overlap in
 * every order the machine produces; the consumer checks every byte of every record against
 * its producer id and sequence number (a torn, stale, lost, duplicated or reordered record
 * fails the test).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PublicationStressTest {

    private static final long RUN_MS = 2_000;

    @ParameterizedTest(name = "{0} ring, {1} producers, {2} bytes, records up to {3} extra bytes")
    @CsvSource({"one, 1, 1024, 100", "one, 1, 1024, 8", "many, 2, 1024, 100", "many, 3, 2048, 40"})
    void racingProducersAndConsumerNeverSeeATornOrStaleRecord(String kind, int producers, int capacity, int maxExtra)
            throws Exception {
        ByteBuffer buffer = ByteBuffer.allocateDirect(RingBufferDescriptor.totalLength(capacity));
        RingBuffer ring = "many".equals(kind) ? new ManyToOneRingBuffer(buffer) : new OneToOneRingBuffer(buffer);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicReference<String> producerError = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            final int id = p;
            Thread t = new Thread(() -> {
                byte[] scratch = new byte[Traffic.HEADER + maxExtra];
                IdleStrategy idle = new BackoffIdleStrategy(50, 5, 1_000, 50_000);
                long seq = 0;
                try {
                    while (!stop.get()) {
                        int len = Traffic.encode(scratch, id, seq, maxExtra);
                        if (ring.write(Traffic.TYPE, scratch, 0, len)) {
                            seq++;
                            idle.reset();
                        } else {
                            idle.idle();
                        }
                    }
                } catch (RuntimeException e) {
                    producerError.set("producer " + id + ": " + e);
                }
            }, "stress-producer-" + p);
            threads.add(t);
            t.start();
        }
        Traffic consumer = new Traffic(producers, maxExtra);
        IdleStrategy idle = new BackoffIdleStrategy(50, 5, 1_000, 50_000);
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RUN_MS);
        while (System.nanoTime() < end && consumer.error == null) {
            idle.idle(ring.read(consumer, 32));
        }
        stop.set(true);
        for (Thread t : threads) {
            t.join(5_000);
        }
        while (consumer.error == null && ring.read(consumer, 1024) > 0) {
            // drain what the producers left
        }
        assertNull(producerError.get());
        assertNull(consumer.error, "after " + consumer.received + " records");
        assertTrue(consumer.received > 1000, "the race ran: " + consumer.received + " records");
        System.out.println("[stress] " + kind + "/" + producers + "/" + capacity + "/" + maxExtra + ": "
                + consumer.received + " records checked in " + RUN_MS + " ms");
    }
}
