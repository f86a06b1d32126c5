package org.karmi.tech.parastation.internal.ring;

import java.nio.file.Path;

/**
 * Child-JVM producer for the multi-process ring tests:
 * {@code RingProducerMain <file> <capacity> <one|many> <producerId> <count> <maxExtra>}.
 * Prints {@code DONE <count>} or {@code FAILED <reason>} and returns.
 */
public final class RingProducerMain {

    private RingProducerMain() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int capacity = Integer.parseInt(args[1]);
        boolean many = "many".equals(args[2]);
        int producer = Integer.parseInt(args[3]);
        long count = Long.parseLong(args[4]);
        int maxExtra = Integer.parseInt(args[5]);
        RingBuffer ring = many ? new ManyToOneRingBuffer(RingFiles.map(file, capacity))
                : new OneToOneRingBuffer(RingFiles.map(file, capacity));
        byte[] scratch = new byte[Traffic.HEADER + maxExtra];
        long deadline = System.nanoTime() + 60_000_000_000L;
        System.out.println("READY");
        for (long seq = 0; seq < count; seq++) {
            if (!Traffic.write(ring, scratch, producer, seq, maxExtra, deadline)) {
                System.out.println("FAILED ring stayed full at seq " + seq);
                return;
            }
        }
        System.out.println("DONE " + count);
    }
}
