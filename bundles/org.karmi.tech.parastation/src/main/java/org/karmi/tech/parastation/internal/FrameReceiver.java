package org.karmi.tech.parastation.internal;

import static org.karmi.tech.parastation.internal.FrameDescriptor.BEGIN_FLAG;
import static org.karmi.tech.parastation.internal.FrameDescriptor.CALL_ID_OFFSET;
import static org.karmi.tech.parastation.internal.FrameDescriptor.END_FLAG;
import static org.karmi.tech.parastation.internal.FrameDescriptor.FRAME_HEADER_LENGTH;
import static org.karmi.tech.parastation.internal.FrameDescriptor.PAYLOAD_LENGTH_OFFSET;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.MessageHandler;
import org.karmi.tech.parastation.internal.ring.RecordDescriptor;
import org.karmi.tech.parastation.internal.ring.RingBuffer;
import org.karmi.tech.parastation.internal.ring.RingCorruptedException;

/**
 * Reassembles frames from a ring's fragments straight into a {@link WireBuffer} (one copy out
 * of shared memory), checking every record, the fragment sequence and the announced length
 * before anything is allocated. A frame that fits one record (the hot path) never touches the
 * byte budget and, once the target has grown to the largest such frame, allocates nothing. A
 * fragmented frame grows the target geometrically as its fragments arrive, never beyond the
 * announced length; growth past one record's size takes bytes from the node's
 * {@link InboundByteBudget} first (waiting while it is spent: the sender then waits on a full
 * ring), and the bytes go back when the frame has been consumed ({@link #finish()}), is
 * abandoned (malformed, stalled past the reassembly timeout, channel closed) or the channel
 * closes ({@link #releaseBudget()}). A used buffer of at most {@link #RETAIN_MAX_BYTES} is
 * kept for the next frame, with its budget bytes, if the budget was at most half spent then:
 * so kept buffers never hold more than about half the budget. Threading: the ring's single
 * consumer thread; {@link #releaseBudget()} from any thread.
 */
final class FrameReceiver implements MessageHandler {

    /** While spinning or yielding, the guard and the deadline are checked every 64 rounds. */
    static final int CHECK_MASK = 63;
    /** Array a target gets back after a frame that needed budget bytes (they go back with it). */
    static final int SHRUNK_CAPACITY = 256;
    /**
     * Largest grown buffer kept for the next frame (as the TCP technology keeps its buffers up
     * to 1 MiB): giving back and re-growing a buffer for every large frame tripled the time of
     * an in-process 1 MB echo here (0.4 to 1.2 ms).
     */
    static final int RETAIN_MAX_BYTES = 1 << 20;
    /** Longest single wait for budget bytes before the channel's guard is checked again. */
    private static final long BUDGET_SLICE_NS = 50_000_000L;
    /** Frame type bits and the two flags: every other bit of a record type is zero. */
    private static final int KNOWN_TYPE_BITS = 0xff | ((BEGIN_FLAG | END_FLAG) << FrameDescriptor.FLAGS_SHIFT);
    /** {@link #held} after {@link #releaseBudget()}: nothing more may be taken from the budget. */
    private static final long RELEASED = -1;

    private final RingBuffer ring;
    private final IdleStrategy idle;
    private final int maxMessageBytes;
    private final InboundByteBudget budget;
    private final long reassemblyTimeoutNs;
    /** A target array up to this length is the channel's own (one ring record at most): no budget. */
    private final int ownBytes;
    /**
     * Budget bytes held, or {@link #RELEASED} once the channel closed. Atomic because the
     * closing thread may race the consumer.
     */
    private final AtomicLong held = new AtomicLong();

    private WireBuffer target;
    /** Budget bytes behind the target's current array (consumer thread). */
    private long charged;
    /** Whether {@link #finish()} decided to keep the target's grown array (decided once per growth). */
    private boolean retained;
    private boolean inFrame;
    private boolean complete;
    private int frameType;
    private int callId;
    private int expected;
    private long frameStartNs;
    private long bytes;
    private String error;

    /** A receiver without a byte budget or reassembly timeout (tests, tools). */
    FrameReceiver(RingBuffer ring, IdleStrategy idle, int maxMessageBytes) {
        this(ring, idle, maxMessageBytes, InboundByteBudget.UNLIMITED, Long.MAX_VALUE / 4);
    }

    /**
     * @param budget              the node's budget for bytes of incomplete frames
     * @param reassemblyTimeoutNs bound on a fragmented frame from its first fragment to its last
     */
    FrameReceiver(RingBuffer ring, IdleStrategy idle, int maxMessageBytes, InboundByteBudget budget,
            long reassemblyTimeoutNs) {
        this.ring = ring;
        this.idle = idle;
        this.maxMessageBytes = maxMessageBytes;
        this.budget = budget;
        this.reassemblyTimeoutNs = reassemblyTimeoutNs;
        this.ownBytes = Math.max(SHRUNK_CAPACITY, ring.maxMsgLength());
    }

    /** Starts collecting the next frame into {@code target}, after {@link #finish() finishing} the last one. */
    void begin(WireBuffer target) {
        finish();
        this.target = target;
        this.inFrame = false;
        this.complete = false;
        this.bytes = 0;
        this.error = null;
    }

    /**
     * Consumer: the frame in the target has been used; if it needed budget bytes, either keeps
     * the grown array for the next frame (at most {@link #RETAIN_MAX_BYTES}, and only while
     * the budget is at most half spent) or gives the target a small array again and the bytes
     * back. Two compares when nothing grew since the last call.
     */
    void finish() {
        final WireBuffer t = target;
        if (t != null && t.array.length > ownBytes && !retained) {
            if (t.array.length <= RETAIN_MAX_BYTES && budget.inUse() <= budget.capacity() / 2) {
                retained = true;
                return;
            }
            shrink();
        }
    }

    /** Consumer: gives the target a small array and the budget its bytes. */
    private void shrink() {
        final WireBuffer t = target;
        retained = false;
        if (t != null && t.array.length > ownBytes) {
            t.array = new byte[SHRUNK_CAPACITY];
            t.position = 0;
            t.limit = SHRUNK_CAPACITY;
        }
        if (charged != 0) {
            charged = 0;
            long h;
            while ((h = held.get()) > 0) {
                if (held.compareAndSet(h, 0)) {
                    budget.release(h);
                    break;
                }
            }
        }
    }

    /**
     * The channel closed: gives back every budget byte this receiver holds, for good (a growth
     * racing it gives its bytes straight back and fails). From any thread; idempotent.
     */
    void releaseBudget() {
        long n = held.getAndSet(RELEASED);
        if (n > 0) {
            budget.release(n);
        }
    }

    /** Budget bytes held right now (tests). */
    long budgetHeld() {
        return Math.max(0, held.get());
    }

    /**
     * Reads at most one record. Inside a fragmented frame it reads only once room for the
     * next fragment is reserved ({@link #receive} does that); until then it returns false.
     *
     * @return true once a whole frame is in the target (payload in {@code [0, limit)})
     * @throws StreamCorruptedException if the ring or the fragments make no valid frame (the
     *         frame is abandoned and its budget bytes released)
     */
    boolean poll() throws StreamCorruptedException {
        if (inFrame && !roomReserved()) {
            return false;
        }
        try {
            ring.read(this, 1);
        } catch (RingCorruptedException e) {
            if (error == null) {
                error = e.getMessage();
            }
        }
        if (error != null) {
            String message = error;
            abandon();
            throw new MalformedFrameException("parastation: " + message);
        }
        return complete;
    }

    /** Whether a frame has begun arriving but is not complete. */
    boolean inFrame() {
        return inFrame;
    }

    /**
     * Waits for a whole frame, bounded by the deadline, by the reassembly timeout once a
     * fragmented frame has begun (however fast its fragments come), and by the guard. On any
     * failure the frame is abandoned and its budget bytes released.
     *
     * @throws SocketTimeoutException at the deadline ({@link FrameAbandonedException} if a frame
     *         had begun: at the deadline or the reassembly timeout, or when the budget stayed spent)
     * @throws StreamCorruptedException if the records make no valid frame
     */
    void receive(long deadlineNs, ChannelGuard guard) throws IOException {
        try {
            await(deadlineNs, guard);
        } catch (IOException | RuntimeException e) {
            abandon();
            throw e;
        } finally {
            idle.reset(); // the wait is over: a permit to busy-wait goes back
        }
    }

    private void await(long deadlineNs, ChannelGuard guard) throws IOException {
        final IdleStrategy idle = this.idle;
        idle.reset();
        long seen = bytes;
        int rounds = 0;
        while (true) {
            if (pollReserving(deadlineNs, guard)) {
                return;
            }
            if (bytes != seen) {
                seen = bytes;
                idle.reset();
                if (inFrame && System.nanoTime() - limitNs(deadlineNs) > 0) { // fragments that never end
                    throw timeout(deadlineNs);
                }
                continue;
            }
            if ((++rounds & CHECK_MASK) != 0 && !idle.isParking()) {
                idle.idle();
                continue;
            }
            guard.checkOpen();
            if (System.nanoTime() - limitNs(deadlineNs) > 0) {
                throw timeout(deadlineNs);
            }
            idle.idle();
        }
    }

    /**
     * One step of {@link #receive} without waiting: inside a fragmented frame it first
     * reserves room for the next fragment (which may wait for budget bytes until the deadline),
     * then reads at most one record. On any failure the frame is abandoned.
     *
     * @return true once a whole frame is in the target
     */
    boolean pollReserving(long deadlineNs, ChannelGuard guard) throws IOException {
        try {
            if (inFrame) {
                reserveRoom(deadlineNs, guard);
            }
            return poll();
        } catch (IOException | RuntimeException e) {
            abandon();
            throw e;
        }
    }

    /** The caller's deadline, or the end of the reassembly timeout if a frame has begun and that comes first. */
    private long limitNs(long deadlineNs) {
        if (!inFrame) {
            return deadlineNs;
        }
        long reassemblyEndNs = frameStartNs + reassemblyTimeoutNs;
        return reassemblyEndNs - deadlineNs < 0 ? reassemblyEndNs : deadlineNs;
    }

    private SocketTimeoutException timeout(long deadlineNs) {
        if (!inFrame) {
            return new SocketTimeoutException("parastation: no frame arrived before the deadline");
        }
        String frame = MessageType.name((byte) frameType) + " frame of " + expected + " bytes";
        if (limitNs(deadlineNs) != deadlineNs) {
            return new FrameAbandonedException("parastation: reassembly of a " + frame + " stalled at "
                    + target.position + " bytes: not complete within the I/O timeout of "
                    + reassemblyTimeoutNs / 1_000_000 + " ms; abandoned and its buffer released");
        }
        return new FrameAbandonedException("parastation: the rest of a " + frame + " (" + target.position
                + " bytes arrived) did not arrive before the deadline");
    }

    /** Whether the target has room for the next fragment (at most one record's payload, at most what is missing). */
    private boolean roomReserved() {
        final WireBuffer t = target;
        return t.array.length - t.position >= Math.min(ring.maxMsgLength(), expected - t.position);
    }

    /**
     * Grows the target (geometrically, never past the announced length) so that the next
     * fragment fits, taking budget bytes for growth past one record's size first.
     */
    private void reserveRoom(long deadlineNs, ChannelGuard guard) throws IOException {
        if (roomReserved()) {
            return;
        }
        final WireBuffer t = target;
        final int next = Math.min(ring.maxMsgLength(), expected - t.position);
        final int length = (int) Math.min(expected, Math.max(2L * t.array.length, (long) t.position + next));
        final long need = Math.max(0, length - ownBytes) - charged;
        if (need > 0) {
            acquire(need, limitNs(deadlineNs), guard);
            charged += need;
        }
        t.array = Arrays.copyOf(t.array, length);
        t.limit = length;
        retained = false;
    }

    /** Takes budget bytes, waiting in slices so that a closed channel is noticed while the budget is spent. */
    private void acquire(long need, long limitNs, ChannelGuard guard) throws IOException {
        while (true) {
            long sliceEndNs = System.nanoTime() + BUDGET_SLICE_NS;
            try {
                budget.acquire(need, sliceEndNs - limitNs < 0 ? sliceEndNs : limitNs);
                long h;
                do {
                    h = held.get();
                    if (h == RELEASED) {
                        budget.release(need);
                        throw new IOException("parastation: the channel closed while a frame was reassembled");
                    }
                } while (!held.compareAndSet(h, h + need));
                return;
            } catch (SocketTimeoutException e) {
                guard.checkOpen();
                if (System.nanoTime() - limitNs >= 0) {
                    throw new FrameAbandonedException("parastation: the node's inbound byte budget of "
                            + budget.capacity() + " bytes stayed spent while a " + MessageType.name((byte) frameType)
                            + " frame of " + expected + " bytes was reassembled (" + target.position
                            + " bytes arrived); abandoned");
                }
            }
        }
    }

    /** Drops a frame in progress: no more reads into it; the target shrinks and the budget bytes go back. */
    private void abandon() {
        inFrame = false;
        complete = false;
        shrink(); // never keep what a frame that failed made grow
    }

    int frameType() {
        return frameType;
    }

    int callId() {
        return callId;
    }

    /** Ring bytes the current frame occupied so far (record headers and alignment included). */
    long bytes() {
        return bytes;
    }

    @Override
    public void onMessage(int msgTypeId, ByteBuffer buffer, int index, int length) {
        bytes += RecordDescriptor.align(RecordDescriptor.HEADER_LENGTH + length, RecordDescriptor.ALIGNMENT);
        if (error != null || complete) {
            error = error != null ? error : "record after a complete frame";
            return;
        }
        if ((msgTypeId & ~KNOWN_TYPE_BITS) != 0) {
            error = "record type 0x" + Integer.toHexString(msgTypeId) + " sets bits no frame uses";
            return;
        }
        final int flags = FrameDescriptor.flags(msgTypeId);
        final boolean last = (flags & END_FLAG) != 0;
        int dataIndex = index;
        int dataLength = length;
        if ((flags & BEGIN_FLAG) != 0) {
            if (!first(msgTypeId, buffer, index, length, last)) {
                return;
            }
            dataIndex += FRAME_HEADER_LENGTH;
            dataLength -= FRAME_HEADER_LENGTH;
        } else if (!next(msgTypeId, length)) {
            return;
        }
        final WireBuffer t = target;
        buffer.get(dataIndex, t.array, t.position, dataLength);
        t.position += dataLength;
        if (last) {
            if (t.position != expected) {
                error = "frame ended after " + t.position + " of " + expected + " bytes";
                return;
            }
            t.flipForRead(0, expected);
            inFrame = false;
            complete = true;
        }
    }

    /** Checks a first fragment and starts its frame, its bytes in an array of at most one record. */
    private boolean first(int msgTypeId, ByteBuffer buffer, int index, int length, boolean last) {
        final int type = FrameDescriptor.frameType(msgTypeId);
        if (inFrame) {
            error = "a new frame began inside " + MessageType.name((byte) frameType);
            return false;
        }
        if (length < FRAME_HEADER_LENGTH) {
            error = "first fragment of " + length + " bytes is shorter than the frame header";
            return false;
        }
        final int total = ByteBufferAccess.getInt(buffer, index + PAYLOAD_LENGTH_OFFSET);
        final int dataLength = length - FRAME_HEADER_LENGTH;
        if (total < 0 || total > maxMessageBytes) {
            error = "frame announces " + total + " bytes; the limit is " + maxMessageBytes;
            return false;
        }
        if (dataLength > total || (last ? dataLength != total : dataLength == 0)) {
            error = (last ? "unfragmented" : "first") + " fragment carries " + dataLength + " bytes of a frame of "
                    + total;
            return false;
        }
        if (!last && total - ownBytes > budget.capacity()) {
            error = "frame announces " + total + " bytes, more than this node's inbound byte budget of "
                    + budget.capacity() + " bytes";
            return false;
        }
        inFrame = true;
        frameType = type;
        callId = ByteBufferAccess.getInt(buffer, index + CALL_ID_OFFSET);
        expected = total;
        if (!last) {
            frameStartNs = System.nanoTime();
        }
        final WireBuffer t = target;
        if (dataLength > t.array.length) { // the channel's own bytes: at most one record, no budget
            t.array = new byte[(int) Math.min(ownBytes, Math.max(dataLength, 2L * t.array.length))];
        }
        t.clearForWrite(0);
        return true;
    }

    /** Checks a later fragment against the frame in progress and the room reserved for it. */
    private boolean next(int msgTypeId, int length) {
        final int type = FrameDescriptor.frameType(msgTypeId);
        final WireBuffer t = target;
        if (!inFrame || type != frameType) {
            error = "fragment of " + MessageType.name((byte) type) + " without its first fragment";
        } else if (length == 0) {
            error = "empty fragment inside a " + MessageType.name((byte) frameType) + " frame";
        } else if (length > expected - t.position) {
            error = "fragments exceed the announced " + expected + " bytes";
        } else if (length > t.array.length - t.position) {
            error = "fragment of " + length + " bytes read before room was reserved for it";
        } else {
            return true;
        }
        return false;
    }
}
