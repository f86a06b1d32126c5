package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.Supplier;

import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.OneToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;
import org.karmi.tech.parastation.internal.ring.RingCorruptedException;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing (Jazzer) of ParaStation's frame reader: the fuzzer writes records
 * into a channel ring (well-formed fragments, any record type and length, whole fragmented
 * frames, and arbitrary words poked into the ring's data area and head position, as a hostile
 * peer can) and a {@link FrameReceiver} reads them, one step at a time. Every outcome must be
 * a frame or a {@link StreamCorruptedException}; never another exception, an
 * {@link OutOfMemoryError} or a hang; the target never holds more than about twice the bytes
 * that arrived, the budget never more than the target's growth past one record, and every
 * budget byte comes back. In memory only (no files, no threads, no waits), so a campaign
 * reaches 10⁷ executions in well under an hour.
 *
 * <p>{@code mvn test} replays the kept corpus in
 * {@code src/test/resources/org/karmi/tech/parastation/internal/FrameFuzzTestInputs/}. A campaign
 * (one target per JVM; crashing inputs are written into that directory):
 * <pre>
 * JAZZER_FUZZ=1 mvn -o test -pl bundles/org.karmi.tech.parastation \
 *     -Dtest=FrameFuzzTest -Djazzer.internal.arg.0=fuzz -Djazzer.internal.arg.1=-runs=10000000 \
 *     -Djazzer.internal.arg.2=-max_total_time=3600 -Dkarmi.test.timeout=0
 * </pre>
 * (the extra libFuzzer arguments come after the annotation's {@code maxDuration} and win).
 */
class FrameFuzzTest {

    /** A 1 KiB ring: records of at most 120 bytes, so a frame of a few hundred bytes is fragmented. */
    private static final int CAPACITY = 1024;
    /** Frames of up to 9 records: enough to grow past one record and to spend the budget, few steps per input. */
    private static final int MAX_MESSAGE = 1024;
    private static final int LENGTH = RingBufferDescriptor.totalLength(CAPACITY);
    private static final ByteBuffer MEMORY = ByteBuffer.allocateDirect(LENGTH).order(ByteOrder.LITTLE_ENDIAN);
    private static final byte[] ZEROS = new byte[LENGTH];
    private static final long ONE_HOUR_NS = 3_600_000_000_000L;
    private static final int[] FLAGS = {0, FrameDescriptor.BEGIN_FLAG, FrameDescriptor.END_FLAG,
        FrameDescriptor.UNFRAGMENTED};
    /** The receiver never waits here: a step that finds nothing returns at once. */
    private static final IdleStrategy NO_IDLE = new IdleStrategy() {
        @Override public void idle() { }
        @Override public void reset() { }
        @Override public boolean isParking() { return false; }
    };

    private OneToOneRingBuffer ring;
    private FrameReceiver receiver;
    private WireBuffer target;
    private InboundByteBudget budget;
    private int ownBytes;
    /** Length of a grown array the receiver kept from the last frame (0: none). */
    private int kept;
    private long deadlineNs;
    private final byte[] scratch = new byte[CAPACITY];
    private final ByteBuffer scratchView = ByteBuffer.wrap(scratch).order(ByteOrder.LITTLE_ENDIAN);

    @FuzzTest(maxDuration = "30s")
    void recordsMakeAFrameOrAStreamCorruptedException(FuzzedDataProvider data) throws IOException {
        MEMORY.put(0, ZEROS);
        ring = new OneToOneRingBuffer(MEMORY);
        budget = new InboundByteBudget(MAX_MESSAGE);
        receiver = new FrameReceiver(ring, NO_IDLE, MAX_MESSAGE, budget, ONE_HOUR_NS);
        ownBytes = Math.max(FrameReceiver.SHRUNK_CAPACITY, ring.maxMsgLength());
        target = new WireBuffer(16);
        deadlineNs = System.nanoTime() + ONE_HOUR_NS;
        kept = 0;
        receiver.begin(target);
        for (int steps = 0; data.remainingBytes() > 0 && steps < 128; steps++) {
            switch (data.consumeInt(0, 4)) {
                case 0: writeFragment(data); break;
                case 1: writeAnyRecord(data); break;
                case 2: poke(data); break;
                case 3: writeWholeFrame(data); break;
                default: step(); break;
            }
        }
        for (int i = 0; i < 64 && step(); i++) {
            // read what is left
        }
        receiver.finish();
        check(target.array.length <= Math.max(ownBytes, FrameReceiver.RETAIN_MAX_BYTES), () -> "kept "
                + target.array.length + " bytes");
        receiver.releaseBudget(); // the channel closes
        check(budget.inUse() == 0, () -> "budget bytes left after the channel closed: " + budget);
    }

    /** A record shaped like a fragment: a frame type, flags, a frame header when it begins a frame. */
    private void writeFragment(FuzzedDataProvider data) {
        int type = data.consumeBoolean() ? data.consumeInt(1, 7) : data.consumeInt(0, 255);
        int msgTypeId = FrameDescriptor.msgTypeId(type, data.pickValue(FLAGS));
        int length = data.consumeInt(0, ring.maxMsgLength());
        if ((FrameDescriptor.flags(msgTypeId) & FrameDescriptor.BEGIN_FLAG) != 0 && length >= 8) {
            ByteBufferAccess.putInt(scratchView,
                    FrameDescriptor.PAYLOAD_LENGTH_OFFSET, data.consumeBoolean()
                            ? data.consumeInt(0, MAX_MESSAGE) : data.consumeInt());
        }
        write(msgTypeId, length);
    }

    private void writeAnyRecord(FuzzedDataProvider data) {
        write(data.consumeInt(1, Integer.MAX_VALUE), data.consumeInt(0, ring.maxMsgLength()));
    }

    /** Any int at any aligned word of the data area or the head position, as a hostile peer may write. */
    private void poke(FuzzedDataProvider data) {
        int index = data.consumeBoolean() ? data.consumeInt(0, CAPACITY / 4 - 1) * 4
                : CAPACITY + RingBufferDescriptor.HEAD_POSITION_OFFSET + 4 * data.consumeInt(0, 1);
        ByteBufferAccess.putInt(MEMORY, index, data.consumeInt());
    }

    /** A fragmented frame as a sender writes it, reading whenever the ring is full. */
    private void writeWholeFrame(FuzzedDataProvider data) throws IOException {
        int total = data.consumeInt(0, MAX_MESSAGE);
        int type = data.consumeInt(1, 7);
        int max = ring.maxMsgLength();
        int header = FrameDescriptor.FRAME_HEADER_LENGTH;
        int left = total;
        do {
            int chunk = Math.min(left, max - header);
            int flags = (header != 0 ? FrameDescriptor.BEGIN_FLAG : 0) | (chunk == left ? FrameDescriptor.END_FLAG : 0);
            if (header != 0) {
                ByteBufferAccess.putInt(scratchView,
                        FrameDescriptor.PAYLOAD_LENGTH_OFFSET, total);
            }
            int tries = 0;
            while (!write(FrameDescriptor.msgTypeId(type, flags), header + chunk)) {
                if (!step() || ++tries > 64) {
                    return; // the ring stays full (the reader refused or is stuck on a poked record)
                }
            }
            left -= chunk;
            header = 0;
        } while (left > 0);
    }

    private boolean write(int msgTypeId, int length) {
        if (msgTypeId < 1) {
            return false; // the ring refuses such a type from its producer; a peer pokes it instead
        }
        try {
            return ring.write(msgTypeId, scratch, 0, length);
        } catch (RingCorruptedException e) {
            return false; // a poke reached the producer's side: the sender would close the channel
        }
    }

    /**
     * One step of the reader and the invariants after it.
     *
     * @return whether it read something
     */
    private boolean step() throws IOException {
        long before = receiver.bytes();
        boolean complete;
        try {
            complete = receiver.pollReserving(deadlineNs, ChannelGuard.NONE);
        } catch (StreamCorruptedException refused) {
            check(budget.inUse() == 0, () -> "refused frame kept budget bytes: " + budget);
            check(target.array.length <= ownBytes, () -> "refused frame kept a buffer of " + target.array.length);
            MEMORY.put(0, ZEROS); // the channel would be closed; go on with a fresh one
            kept = 0;
            receiver.begin(target);
            return false;
        }
        long arrived = complete ? target.limit : receiver.inFrame() ? target.position : 0;
        check(target.array.length <= Math.max(Math.max(ownBytes, kept), 2L * (arrived + ring.maxMsgLength())),
                () -> "buffer of " + target.array.length + " bytes for " + arrived + " bytes arrived");
        check(budget.inUse() <= Math.max(0, target.array.length - ownBytes),
                () -> "budget " + budget + " beyond the growth of a buffer of " + target.array.length);
        if (complete) {
            receiver.begin(target); // keeps the grown buffer only while the budget is at most half spent
            kept = target.array.length > ownBytes ? target.array.length : 0;
            check(budget.inUse() <= budget.capacity() / 2 && budget.inUse() <= Math.max(0, target.array.length
                    - ownBytes), () -> "a used frame kept " + budget + " with a buffer of " + target.array.length);
            return true;
        }
        return receiver.bytes() != before;
    }

    /** Builds the message only on failure: a string per step would dominate the fuzzer's time. */
    private static void check(boolean condition, Supplier<String> what) {
        if (!condition) {
            throw new AssertionError(what.get());
        }
    }
}
