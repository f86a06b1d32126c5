package org.karmi.tech.parastation.internal.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.karmi.tech.parastation.internal.ChildJvm;
import org.karmi.tech.parastation.internal.ShmDirectory;

/** Rings shared between separate JVMs through a file under /dev/shm. */
@ExtendWith(ShmDirectory.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class MultiProcessRingTest {

    private static final int MAX_EXTRA = 100;

    @Test
    void twoProducerProcessesDeliverFourMillionMessagesInOrderPerProducer(Path dir) throws Exception {
        run(dir, "many", 2, 2_000_000, 64 * 1024);
    }

    @Test
    void oneProducerProcessDeliversFourMillionMessagesInOrderThroughAOneToOneRing(Path dir) throws Exception {
        run(dir, "one", 1, 4_000_000, 64 * 1024);
    }

    private static void run(Path dir, String kind, int producers, long perProducer, int capacity) throws Exception {
        Path file = dir.resolve("ring");
        RingBuffer ring = "many".equals(kind) ? new ManyToOneRingBuffer(RingFiles.map(file, capacity))
                : new OneToOneRingBuffer(RingFiles.map(file, capacity));
        List<ChildJvm> children = new ArrayList<>();
        try {
            for (int p = 0; p < producers; p++) {
                children.add(ChildJvm.start(RingProducerMain.class, file.toString(), Integer.toString(capacity), kind,
                        Integer.toString(p), Long.toString(perProducer), Integer.toString(MAX_EXTRA)));
            }
            Traffic consumer = new Traffic(producers, MAX_EXTRA);
            IdleStrategy idle = new BackoffIdleStrategy(100, 10, 1_000, 200_000);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (consumer.received < producers * perProducer && consumer.error == null
                    && System.nanoTime() < deadline) {
                idle.idle(ring.read(consumer, 256));
            }
            assertNull(consumer.error);
            for (int p = 0; p < producers; p++) {
                assertEquals(perProducer, consumer.next(p), "producer process " + p);
                assertEquals(Long.toString(perProducer), children.get(p).awaitLine("DONE", 10_000));
            }
            assertEquals(0, ring.read(consumer, 1), "nothing after the last message");
        } finally {
            for (ChildJvm c : children) {
                c.close();
            }
        }
    }
}
