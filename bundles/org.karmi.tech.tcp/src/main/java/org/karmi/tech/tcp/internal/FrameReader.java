package org.karmi.tech.tcp.internal;

import static org.karmi.tech.tcp.internal.TcpFrameDescriptor.HEADER_LENGTH;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StreamCorruptedException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;

/**
 * Reads whole frames from one connection's input into one reused {@link WireBuffer}, with as
 * few reads as possible (each read asks for everything the buffer can hold; bytes of a
 * following frame are kept for the next frame) and without allocating once the buffer is big
 * enough. A length outside {@code [12, maxLength]} is rejected before anything is allocated.
 *
 * <p>A frame larger than the buffer is read as it arrives: the buffer grows geometrically
 * (doubling, and quadrupling from {@link #SHRINK_ABOVE} on; capped at the announced length)
 * only when it is full and more bytes are due, so it never holds more than twice (four times,
 * past 1 MiB) what the peer really sent. Capacity beyond the first buffer
 * ({@link #INITIAL_CAPACITY}) is taken from the node's {@link InboundByteBudget} before it is
 * allocated (waiting, up to the owner's deadline, while the budget is spent: back-pressure on
 * the sender) and given back when the buffer shrinks or the connection closes
 * ({@link #release()}). Frames that fit the buffer never touch the budget.
 *
 * <p>Reads block without a socket timeout (a timed read costs extra system calls on every
 * call): bounds are enforced by the {@link Owner}'s deadline, which the endpoint's watchdog
 * enforces by closing the socket. Before blocking, a reader may poll for {@code spinNanos};
 * the polling backs off after it failed, so long calls and many idle connections do not burn
 * CPU.
 *
 * <p>Not thread-safe: owned by the one thread reading the connection at a time, except
 * {@link #release()}, which any thread may call once the connection is closed.
 */
final class FrameReader {

    /** What a reader needs from its connection. Implementations are thread-safe. */
    interface Owner {

        /** The connection's input; called on the reading thread, once per read at most. */
        InputStream input() throws IOException;

        /** Called when a frame arrived only partly with its first read, so that a server can bound the rest. */
        void frameStarted();

        /** {@link System#nanoTime()} by which the running read must end: bounds a wait for budget. */
        long readDeadlineNanos();
    }

    /** Buffers that grew beyond this are replaced by small ones when {@link #shrink()} is called. */
    static final int SHRINK_ABOVE = 1 << 20;
    static final int INITIAL_CAPACITY = 8 * 1024;
    /** Most waits skipped after polling failed repeatedly. */
    private static final int MAX_SPIN_BACKOFF = 256;
    /** {@link #held} once the connection closed: nothing more may be taken from the budget. */
    private static final long RELEASED = -1;

    private final Owner owner;
    private final long spinNanos;
    private final InboundByteBudget budget;
    /** Capacity of the first buffer, which the budget does not pay for. */
    private final int initialCapacity;
    private final WireBuffer buffer;
    /**
     * Bytes of the buffer's capacity beyond the first buffer's taken from the budget, or
     * {@link #RELEASED}. Atomic because {@link #release()} may race the reading thread.
     */
    private final AtomicLong held = new AtomicLong();
    private InputStream in;
    /** One past the last byte received into the buffer. */
    private int end;
    /** One past the last byte of the current frame (start of any bytes read ahead). */
    private int frameEnd;
    /** Bytes received since the last {@link #takeBytesRead()}. */
    private long bytesRead;
    private int spinSkip;
    private int spinBackoff;

    FrameReader(Owner owner, long spinNanos, InboundByteBudget budget) {
        this(owner, spinNanos, budget, INITIAL_CAPACITY);
    }

    /** A reader whose first buffer holds {@code initialCapacity} bytes (at least a header; small ones let fuzzing reach growth). */
    FrameReader(Owner owner, long spinNanos, InboundByteBudget budget, int initialCapacity) {
        if (initialCapacity < HEADER_LENGTH) {
            throw new IllegalArgumentException("first buffer smaller than a frame header: " + initialCapacity);
        }
        this.owner = owner;
        this.spinNanos = spinNanos;
        this.budget = budget;
        this.initialCapacity = initialCapacity;
        this.buffer = new WireBuffer(initialCapacity);
    }

    private InputStream in() throws IOException {
        InputStream s = in;
        if (s == null) {
            s = in = owner.input();
        }
        return s;
    }

    /** The buffer of the frame last read: payload in {@code [position, limit)}. */
    WireBuffer buffer() {
        return buffer;
    }

    byte type() {
        return TcpFrameDescriptor.type(buffer.array);
    }

    byte flags() {
        return TcpFrameDescriptor.flags(buffer.array);
    }

    int callId() {
        return TcpFrameDescriptor.callId(buffer.array);
    }

    /** Whether bytes beyond the current frame have already arrived or wait in the socket. */
    boolean hasPendingInput() throws IOException {
        return end > frameEnd || in().available() > 0;
    }

    /** Whether some bytes of a frame not yet complete have arrived. */
    boolean midFrame() {
        return end > frameEnd;
    }

    long takeBytesRead() {
        long n = bytesRead;
        bytesRead = 0;
        return n;
    }

    /** Bytes this reader holds from the budget now (0 once released). */
    long heldBytes() {
        return Math.max(0, held.get());
    }

    /**
     * Reads the next frame (blocking; see the class comment for bounds). When the first read
     * leaves the frame incomplete, {@link Owner#frameStarted()} is told.
     *
     * @param maxLength largest acceptable frame length (header included)
     * @throws EOFException if the peer closed the connection (message says whether mid-frame)
     * @throws StreamCorruptedException if the announced length is out of range
     * @throws java.net.SocketTimeoutException if the budget stayed spent until the owner's deadline
     */
    void read(int maxLength) throws IOException {
        compact();
        if (end < HEADER_LENGTH) {
            fill(HEADER_LENGTH);
        }
        byte[] a = buffer.array;
        int length = TcpFrameDescriptor.length(a);
        if (length < HEADER_LENGTH || length > maxLength) {
            throw new StreamCorruptedException("frame length " + length + " out of range " + HEADER_LENGTH + ".."
                    + maxLength + " (type " + MessageType.name(TcpFrameDescriptor.type(a)) + ")");
        }
        if (end < length) {
            owner.frameStarted();
            fill(length);
        }
        frameEnd = length;
        buffer.flipForRead(HEADER_LENGTH, length);
    }

    /** Moves bytes read ahead of the current frame to the start of the buffer. */
    private void compact() {
        int ahead = end - frameEnd;
        if (ahead > 0 && frameEnd > 0) {
            System.arraycopy(buffer.array, frameEnd, buffer.array, 0, ahead);
        }
        end = ahead;
        frameEnd = 0;
    }

    /** Reads until at least {@code needed} bytes are in the buffer, growing it when it is full. */
    private void fill(int needed) throws IOException {
        InputStream s = in();
        if (spinNanos > 0 && end < needed) {
            spinThenBlock(s);
        }
        while (end < needed) {
            byte[] a = buffer.array;
            if (end == a.length) {
                a = grow(needed);
            }
            int n = s.read(a, end, a.length - end);
            if (n < 0) {
                throw new EOFException(end == frameEnd ? "connection closed by peer"
                        : "connection closed by peer in the middle of a frame (" + end + " of " + needed + " bytes)");
            }
            end += n;
            bytesRead += n;
        }
    }

    /**
     * Doubles the full buffer (quadruples it from {@link #SHRINK_ABOVE} on), at most to
     * {@code needed}, paying the growth from the budget first. Every step leaves the old array
     * as garbage until the next collection; quadrupling large buffers leaves a third of the
     * frame instead of all of it, and copies as much less. Measured in {@code AttackTest} (ten
     * connections stalling after 10 MiB, forty trickling, budget spent): the -Xmx512m server's
     * resident memory peaked at 311-367 MB with doubling throughout, 276-321 MB with this.
     */
    private byte[] grow(int needed) throws IOException {
        if (needed - initialCapacity > budget.capacity()) { // could never fit: fail now rather than hold part of it
            throw new IOException("a frame of " + needed + " bytes exceeds the node's inbound byte budget of "
                    + budget.capacity() + " bytes");
        }
        byte[] a = buffer.array;
        int capacity = (int) Math.min(needed, (a.length < SHRINK_ABOVE ? 2L : 4L) * a.length);
        long delta = capacity - a.length;
        budget.acquire(delta, owner.readDeadlineNanos());
        if (!take(delta)) {
            budget.release(delta);
            throw new EOFException("connection closed while a frame of " + needed + " bytes was arriving");
        }
        byte[] grown;
        try {
            grown = Arrays.copyOf(a, capacity);
        } catch (OutOfMemoryError e) { // the budget should prevent it; if not, only this connection fails
            giveBack(delta);
            throw new IOException("no heap for a frame of " + needed + " bytes (" + capacity + " buffered)", e);
        }
        buffer.array = grown;
        return grown;
    }

    /** Records {@code delta} more held bytes, unless the reader was released meanwhile. */
    private boolean take(long delta) {
        for (long h = held.get(); h != RELEASED; h = held.get()) {
            if (held.compareAndSet(h, h + delta)) {
                return true;
            }
        }
        return false;
    }

    private void giveBack(long delta) {
        for (long h = held.get(); h != RELEASED; h = held.get()) {
            if (held.compareAndSet(h, h - delta)) {
                budget.release(delta);
                return;
            }
        }
    }

    /** Polls for input for up to spinNanos; after a failed poll, skips polling for a growing number of waits. */
    private void spinThenBlock(InputStream s) throws IOException {
        if (spinSkip > 0) {
            spinSkip--;
            return;
        }
        long start = System.nanoTime();
        while (s.available() == 0) {
            if (System.nanoTime() - start > spinNanos) {
                spinBackoff = Math.min(MAX_SPIN_BACKOFF, spinBackoff * 2 + 1);
                spinSkip = spinBackoff;
                return;
            }
            Thread.onSpinWait();
        }
        spinBackoff = 0;
    }

    /**
     * Replaces a buffer grown beyond {@link #SHRINK_ABOVE} by a small one and gives its bytes
     * back to the budget; call only between frames (a buffer holding read-ahead bytes is kept).
     */
    void shrink() {
        if (buffer.array.length > SHRINK_ABOVE && end == frameEnd) {
            buffer.array = new byte[initialCapacity];
            buffer.flipForRead(0, 0);
            end = 0;
            frameEnd = 0;
            long h = held.get();
            if (h > 0 && held.compareAndSet(h, 0)) {
                budget.release(h);
            }
        }
    }

    /**
     * Gives every held byte back to the budget, for good: called once the connection is
     * closed, from any thread; a growth racing it gives its bytes back itself. Idempotent.
     */
    void release() {
        long h = held.getAndSet(RELEASED);
        if (h > 0) {
            budget.release(h);
        }
    }
}
