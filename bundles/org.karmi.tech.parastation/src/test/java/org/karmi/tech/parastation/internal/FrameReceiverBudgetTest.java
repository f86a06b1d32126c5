package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StreamCorruptedException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.BackoffIdleStrategy;
import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.OneToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RecordDescriptor;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * Fragment reassembly against the node's inbound byte budget: a frame's buffer grows with the
 * bytes that really arrived, budget bytes come back on every way out, and a frame that does
 * not complete within the reassembly timeout is abandoned (in-memory rings, no files).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FrameReceiverBudgetTest {

    /** A 16 KiB ring: records of at most 2 040 bytes. */
    private static final int RING = 16 * 1024;
    private static final int MAX_MESSAGE = 64 * 1024 * 1024;
    private static final long SECOND_NS = 1_000_000_000L;

    private final OneToOneRingBuffer ring = new OneToOneRingBuffer(
            ByteBuffer.allocateDirect(RingBufferDescriptor.totalLength(RING)));
    private final int maxFragment = ring.maxMsgLength();

    private FrameReceiver receiver(InboundByteBudget budget, long reassemblyTimeoutMs) {
        return new FrameReceiver(ring, new BackoffIdleStrategy(10, 10, 1_000, 1_000_000), MAX_MESSAGE, budget,
                reassemblyTimeoutMs * 1_000_000L);
    }

    /** A first fragment announcing {@code total} payload bytes and carrying {@code carried} of them. */
    private boolean writeFirst(int type, int total, int carried, boolean last) {
        byte[] m = new byte[FrameDescriptor.FRAME_HEADER_LENGTH + carried];
        ByteBuffer.wrap(m).order(ByteOrder.LITTLE_ENDIAN).putInt(FrameDescriptor.CALL_ID_OFFSET, 7)
                .putInt(FrameDescriptor.PAYLOAD_LENGTH_OFFSET, total);
        int flags = FrameDescriptor.BEGIN_FLAG | (last ? FrameDescriptor.END_FLAG : 0);
        return ring.write(FrameDescriptor.msgTypeId(type, flags), m, 0, m.length);
    }

    private boolean writeNext(int type, int length, boolean last) {
        return ring.write(FrameDescriptor.msgTypeId(type, last ? FrameDescriptor.END_FLAG : 0), new byte[length], 0,
                length);
    }

    /**
     * Writes the full first fragment of a frame announcing {@code total} bytes and then
     * {@code fragments} full fragments (all fit the ring; the frame stays incomplete).
     *
     * @return payload bytes written
     */
    private int startFrame(int total, int fragments) {
        int sent = maxFragment - FrameDescriptor.FRAME_HEADER_LENGTH;
        assertTrue(writeFirst(MessageType.CALL, total, sent, false));
        for (int i = 0; i < fragments; i++) {
            assertTrue(writeNext(MessageType.CALL, maxFragment, false));
            sent += maxFragment;
        }
        assertTrue(sent < total);
        return sent;
    }

    @Test
    void hugeAnnouncedFrameHoldsOnlyAboutTheBytesThatArrived() {
        InboundByteBudget budget = new InboundByteBudget(64L << 20); // could hold the frame: not refused at once
        FrameReceiver r = receiver(budget, 300);
        WireBuffer target = new WireBuffer(256);
        r.begin(target);
        int sent = startFrame(60 * 1024 * 1024, 5); // 60 MiB announced, 12 232 bytes sent
        AtomicLong largestArray = new AtomicLong();
        AtomicLong largestInUse = new AtomicLong();
        ChannelGuard observer = () -> { // called while the receiver waits for the rest that never comes
            largestArray.accumulateAndGet(target.array.length, Math::max);
            largestInUse.accumulateAndGet(budget.inUse(), Math::max);
        };
        long t0 = System.nanoTime();
        SocketTimeoutException e = assertThrows(SocketTimeoutException.class,
                () -> r.receive(System.nanoTime() + 30 * SECOND_NS, observer));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(e instanceof FrameAbandonedException && e.getMessage().contains("stalled"), e.toString());
        assertTrue(ms < 10_000, "abandoned at the 300 ms reassembly timeout, not the 30 s deadline: " + ms + " ms");
        assertTrue(largestArray.get() > sent, "the bytes that arrived were stored: " + largestArray.get());
        assertTrue(largestArray.get() <= 2L * (sent + maxFragment),
                "buffer of " + largestArray.get() + " bytes for " + sent + " bytes received (60 MiB announced)");
        assertTrue(largestInUse.get() > 0 && largestInUse.get() <= largestArray.get(),
                "budget bytes in use " + largestInUse.get() + " cover the growth past one record, no more");
        assertEquals(0, budget.inUse(), "abandoning released the budget bytes");
        assertEquals(FrameReceiver.SHRUNK_CAPACITY, target.array.length, "and the buffer");
    }

    @Test
    void frameThatKeepsArrivingButNeverEndsIsAbandonedAtTheReassemblyTimeout() throws Exception {
        InboundByteBudget budget = new InboundByteBudget(256L << 20);
        FrameReceiver r = receiver(budget, 300);
        r.begin(new WireBuffer(256));
        assertTrue(writeFirst(MessageType.CALL, MAX_MESSAGE, 1, false));
        AtomicBoolean stop = new AtomicBoolean();
        Thread trickler = new Thread(() -> { // one byte per fragment: 64 Mi fragments would take minutes
            long end = System.nanoTime() + 30 * SECOND_NS;
            while (!stop.get() && System.nanoTime() < end) {
                if (!writeNext(MessageType.CALL, 1, false)) {
                    Thread.onSpinWait();
                }
            }
        }, "trickler");
        trickler.start();
        try {
            long t0 = System.nanoTime();
            SocketTimeoutException e = assertThrows(SocketTimeoutException.class,
                    () -> r.receive(System.nanoTime() + 30 * SECOND_NS, ChannelGuard.NONE));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(e instanceof FrameAbandonedException, e.toString());
            assertTrue(ms < 10_000, "fragments that keep coming do not extend the 300 ms bound: " + ms + " ms");
        } finally {
            stop.set(true);
            trickler.join(10_000);
        }
        assertEquals(0, budget.inUse());
    }

    @Test
    void reassemblyWaitsWhileTheBudgetIsSpentAndResumesWhenItIsReleased() throws Exception {
        InboundByteBudget budget = new InboundByteBudget(256 * 1024);
        budget.acquire(256 * 1024, System.nanoTime() + SECOND_NS); // another connection holds all of it
        FrameReceiver r = receiver(budget, 20_000);
        FramePublisher p = new FramePublisher(ring, new BackoffIdleStrategy(10, 10, 1_000, 1_000_000));
        byte[] payload = new byte[100_000];
        for (int i = 0; i < payload.length; i++) {
            payload[i] = (byte) (i * 31);
        }
        AtomicReference<Throwable> sendFailure = new AtomicReference<>();
        Thread sender = new Thread(() -> {
            try {
                p.publish(MessageType.REPLY, 3, payload, 0, payload.length, System.nanoTime() + 30 * SECOND_NS,
                        ChannelGuard.NONE);
            } catch (Throwable t) {
                sendFailure.set(t);
            }
        }, "sender");
        Thread releaser = new Thread(() -> {
            long end = System.nanoTime() + 20 * SECOND_NS;
            while (budget.pauses() == 0 && System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            budget.release(256 * 1024);
        }, "releaser");
        sender.start();
        releaser.start();
        WireBuffer target = new WireBuffer(256);
        r.begin(target);
        r.receive(System.nanoTime() + 30 * SECOND_NS, ChannelGuard.NONE);
        sender.join(10_000);
        releaser.join(10_000);
        assertNull(sendFailure.get());
        assertTrue(budget.pauses() >= 1, "the reassembly waited for budget bytes");
        byte[] got = new byte[target.remaining()];
        target.readBytes(got, 0, got.length);
        assertArrayEquals(payload, got);
        long held = budget.inUse();
        assertTrue(held > 0 && held == r.budgetHeld(), "held while the frame is in use");
        r.releaseBudget(); // the channel closes
        assertEquals(0, budget.inUse());
    }

    /** Publishes a frame of {@code size} bytes from another thread and receives it into {@code target}. */
    private void exchange(FrameReceiver r, WireBuffer target, int size) throws Exception {
        FramePublisher p = new FramePublisher(ring, new BackoffIdleStrategy(10, 10, 1_000, 1_000_000));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread sender = new Thread(() -> {
            try {
                p.publish(MessageType.CALL, 1, new byte[size], 0, size, System.nanoTime() + 30 * SECOND_NS,
                        ChannelGuard.NONE);
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "sender");
        sender.start();
        r.begin(target);
        r.receive(System.nanoTime() + 30 * SECOND_NS, ChannelGuard.NONE);
        sender.join(10_000);
        assertNull(failure.get());
        assertEquals(size, target.remaining());
    }

    @Test
    void grownBufferIsKeptForTheNextFrameOnlyWhileTheBudgetIsAtMostHalfSpentAndUpToOneMebibyte()
            throws Exception {
        InboundByteBudget budget = new InboundByteBudget(1 << 20);
        FrameReceiver r = receiver(budget, 20_000);
        WireBuffer target = new WireBuffer(256);
        exchange(r, target, 100_000);
        long held = budget.inUse();
        byte[] grown = target.array;
        r.finish();
        assertSame(grown, target.array, "kept: the budget is less than half spent");
        assertEquals(held, budget.inUse(), "with its budget bytes");
        exchange(r, target, 90_000);
        assertSame(grown, target.array, "the next frame reuses it");
        assertEquals(held, budget.inUse(), "and takes nothing more");
        r.finish();

        budget.acquire(600 * 1024, System.nanoTime() + SECOND_NS); // other frames spend more than half now
        exchange(r, target, 200_000);
        r.finish();
        assertEquals(FrameReceiver.SHRUNK_CAPACITY, target.array.length, "given back under pressure");
        assertEquals(600 * 1024, budget.inUse(), "only the others' bytes are left");
        budget.release(600 * 1024);

        FrameReceiver unlimited = receiver(InboundByteBudget.UNLIMITED, 20_000);
        WireBuffer big = new WireBuffer(256);
        exchange(unlimited, big, 2_000_000);
        unlimited.finish();
        assertEquals(FrameReceiver.SHRUNK_CAPACITY, big.array.length, "never more than 1 MiB kept");
    }

    @Test
    void frameLargerThanTheWholeBudgetIsRefusedBeforeAnythingIsAllocated() {
        InboundByteBudget budget = new InboundByteBudget(64 * 1024);
        FrameReceiver r = receiver(budget, 1_000);
        WireBuffer target = new WireBuffer(16);
        r.begin(target);
        assertTrue(writeFirst(MessageType.CALL, 1 << 20, 100, false));
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, r::poll);
        assertTrue(e.getMessage().contains("inbound byte budget"), e.getMessage());
        assertEquals(16, target.array.length);
        assertEquals(0, budget.inUse());
    }

    @Test
    void framesThatFitOneRecordNeverTouchTheBudgetAndStopAllocating() throws Exception {
        InboundByteBudget budget = new InboundByteBudget(1); // any acquire beyond one byte would fail
        FrameReceiver r = receiver(budget, 1_000);
        FramePublisher p = new FramePublisher(ring, new BackoffIdleStrategy(10, 10, 1_000, 1_000_000));
        WireBuffer target = new WireBuffer(256);
        byte[] largest = new byte[maxFragment - FrameDescriptor.FRAME_HEADER_LENGTH];
        byte[] array = null;
        for (int i = 0; i < 1_000; i++) {
            int length = i == 0 ? largest.length : i % largest.length;
            p.publish(MessageType.CALL, i, largest, 0, length, System.nanoTime() + SECOND_NS, ChannelGuard.NONE);
            r.begin(target);
            assertTrue(r.poll(), "frame " + i + " in one record");
            assertEquals(length, target.remaining());
            if (i == 0) {
                array = target.array;
            }
            assertSame(array, target.array, "no allocation after the largest frame, frame " + i);
        }
        assertEquals(0, budget.inUse());
        assertEquals(0, budget.pauses());
    }

    @Test
    void malformedFragmentsAreRefusedAndTheirBudgetBytesGoBack() throws Exception {
        InboundByteBudget budget = new InboundByteBudget(1 << 20);
        String[] cases = {"new frame began inside", "empty fragment", "exceed", "bits no frame uses", "ended after"};
        for (String expected : cases) {
            FrameReceiver r = receiver(budget, 5_000);
            WireBuffer target = new WireBuffer(256);
            r.begin(target);
            switch (expected) {
                case "new frame began inside":
                    startFrame(100_000, 2);
                    writeFirst(MessageType.CALL, 10, 10, true);
                    break;
                case "empty fragment":
                    startFrame(100_000, 2);
                    writeNext(MessageType.CALL, 0, false);
                    break;
                case "exceed": // the next fragment holds more than the 68 bytes still due
                    startFrame(maxFragment - FrameDescriptor.FRAME_HEADER_LENGTH + 68, 0);
                    writeNext(MessageType.CALL, 100, false);
                    break;
                case "bits no frame uses":
                    startFrame(100_000, 2);
                    ring.write(FrameDescriptor.msgTypeId(MessageType.CALL, 0) | 0x10000, new byte[1], 0, 1);
                    break;
                default:
                    startFrame(100_000, 2);
                    writeNext(MessageType.CALL, 1, true);
                    break;
            }
            StreamCorruptedException e = assertThrows(StreamCorruptedException.class,
                    () -> r.receive(System.nanoTime() + 10 * SECOND_NS, ChannelGuard.NONE), expected);
            assertTrue(e.getMessage().contains(expected), expected + ": " + e.getMessage());
            assertEquals(0, budget.inUse(), expected);
            assertEquals(FrameReceiver.SHRUNK_CAPACITY, target.array.length, expected);
            while (ring.read((t, b, i, l) -> { }, 100) > 0) {
                // empty the ring for the next case
            }
        }
    }

    @Test
    void recordWithALengthNoProducerWritesIsAStreamCorruptedException() {
        FrameReceiver r = receiver(new InboundByteBudget(1 << 20), 1_000);
        r.begin(new WireBuffer(256));
        int index = ring.tryClaim(FrameDescriptor.msgTypeId(MessageType.CALL, FrameDescriptor.UNFRAGMENTED), 8);
        ByteBufferAccess.putIntRelease(ring.buffer(), index - RecordDescriptor.HEADER_LENGTH, 0x7fff_fff0);
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, r::poll);
        assertTrue(e.getMessage().contains("ring record at index 0"), e.getMessage());
    }

    @Test
    void closingTheChannelReleasesTheBudgetForGood() throws Exception {
        InboundByteBudget budget = new InboundByteBudget(1 << 20);
        FrameReceiver r = receiver(budget, 5_000);
        WireBuffer target = new WireBuffer(256);
        r.begin(target);
        startFrame(100_000, 2);
        AtomicBoolean closed = new AtomicBoolean();
        ChannelGuard guard = () -> { // the channel closes while the frame waits for its rest
            if (budget.inUse() > 0 && closed.compareAndSet(false, true)) {
                r.releaseBudget();
            }
            if (closed.get()) {
                throw new java.io.IOException("closed");
            }
        };
        assertThrows(java.io.IOException.class, () -> r.receive(System.nanoTime() + 10 * SECOND_NS, guard));
        assertTrue(closed.get());
        assertEquals(0, budget.inUse());
        assertEquals(0, r.budgetHeld());
    }
}
