package org.karmi.tech.parastation.internal.ring;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing (Jazzer) of the ring readers: the fuzzer's bytes fill a ring's data
 * area, then its head and tail positions, as any process that can write the shared memory can
 * fill them; the consumer then reads (and, for the many-to-one ring, unblocks and discards).
 * Every record handed to the handler must lie inside the data area with a positive type; every
 * failure must be a {@link RingCorruptedException}; a discarded many-to-one ring must carry a
 * record again; nothing may loop without bound. In memory only (one direct buffer reused, no
 * files, no threads), so a campaign reaches 10⁷ executions in minutes.
 *
 * <p>{@code mvn test} replays the kept corpus in
 * {@code src/test/resources/org/karmi/tech/parastation/internal/ring/RingFuzzTestInputs/}. A
 * campaign fuzzes one target per JVM:
 * <pre>
 * JAZZER_FUZZ=1 mvn -o test -pl bundles/org.karmi.tech.parastation \
 *     -Dtest='RingFuzzTest#oneToOneReaderSurvivesAnyBytes' -Djazzer.internal.arg.0=fuzz \
 *     -Djazzer.internal.arg.1=-runs=10000000 -Djazzer.internal.arg.2=-max_total_time=3600 -Dkarmi.test.timeout=0
 * </pre>
 * and the same with {@code #manyToOneReaderSurvivesAnyBytes}.
 */
class RingFuzzTest {

    private static final int CAPACITY = 1024;
    private static final int LENGTH = RingBufferDescriptor.totalLength(CAPACITY);
    private static final ByteBuffer MEMORY = ByteBuffer.allocateDirect(LENGTH).order(ByteOrder.LITTLE_ENDIAN);
    private static final byte[] ZEROS = new byte[LENGTH];
    private static final MessageHandler CHECKER = (type, buffer, index, length) -> {
        if (type <= 0 || index < RecordDescriptor.HEADER_LENGTH || length < 0 || index + length > CAPACITY) {
            throw new AssertionError("record outside the data area: type " + type + ", [" + index + ", "
                    + (index + length) + ")");
        }
        buffer.get(index + length - (length > 0 ? 1 : 0)); // the whole message is readable
    };

    /** Data area first, then head and tail positions (little-endian), from the fuzzer's bytes. */
    private static void fill(byte[] input) {
        MEMORY.put(0, ZEROS);
        MEMORY.put(0, input, 0, Math.min(input.length, CAPACITY));
        int rest = input.length - CAPACITY;
        if (rest >= Long.BYTES) {
            MEMORY.putLong(CAPACITY + RingBufferDescriptor.HEAD_POSITION_OFFSET, wordAt(input, 0));
        }
        if (rest >= 2 * Long.BYTES) {
            MEMORY.putLong(CAPACITY + RingBufferDescriptor.TAIL_POSITION_OFFSET, wordAt(input, Long.BYTES));
        }
    }

    private static long wordAt(byte[] input, int offset) {
        return ByteBuffer.wrap(input, CAPACITY + offset, Long.BYTES).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    /** Reads a few times; each read is bounded by the capacity whatever the ring holds. */
    private static boolean readSurvives(RingBuffer ring) {
        try {
            for (int i = 0; i < 4; i++) {
                ring.read(CHECKER, 64);
            }
            return true;
        } catch (RingCorruptedException refused) {
            return false;
        }
    }

    @FuzzTest(maxDuration = "30s")
    void oneToOneReaderSurvivesAnyBytes(byte[] input) {
        fill(input);
        OneToOneRingBuffer ring = new OneToOneRingBuffer(MEMORY);
        readSurvives(ring);
        try {
            int index = ring.tryClaim(1, 16); // the producer side facing the same words
            if (index >= 0) {
                ring.commit(index);
                readSurvives(ring);
            }
        } catch (RingCorruptedException refused) {
            // a misaligned tail: the sender closes the channel
        }
    }

    @FuzzTest(maxDuration = "30s")
    void manyToOneReaderSurvivesAnyBytes(byte[] input) {
        fill(input);
        ManyToOneRingBuffer ring = new ManyToOneRingBuffer(MEMORY);
        boolean clean = readSurvives(ring) && !ring.positionsCorrupt();
        if (clean) {
            try {
                clean = !ring.unblock() || readSurvives(ring);
            } catch (RingCorruptedException refused) {
                clean = false;
            }
        }
        if (!clean) {
            if (!ring.discardAll()) {
                throw new AssertionError("discardAll lost a race with no producer running");
            }
            if (ring.positionsCorrupt() || !ring.write(7, new byte[] {1, 2, 3}, 0, 3)) {
                throw new AssertionError("a discarded ring takes no record: head " + ring.consumerPositionAcquire()
                        + ", tail " + ring.producerPositionAcquire());
            }
            int[] seen = new int[1];
            ring.read((type, b, index, length) -> seen[0] = type == 7 && length == 3 ? 1 : -1, 1);
            if (seen[0] != 1) {
                throw new AssertionError("a discarded ring did not carry its next record");
            }
        }
    }
}
