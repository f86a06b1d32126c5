package org.karmi.spi.transport;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The node-wide budget of inbound bytes in flight: bytes that technologies have buffered for
 * frames (or fragment reassemblies) not yet complete, beyond each connection's small initial
 * buffer. A reader {@linkplain #acquire acquires} before it grows a buffer and
 * {@linkplain #release releases} when it shrinks it or the connection ends; when the budget is
 * spent, reads pause (back-pressure on the sender) instead of allocating, up to the reader's
 * deadline. So any number of peers announcing huge frames cannot drive the heap to
 * {@link OutOfMemoryError}: at most {@link #capacity()} bytes are ever held for partial frames.
 *
 * <p>Technologies get the node's budget from {@link TechnologyContext#inboundBudget()}; all
 * technologies of a node share it. Thread-safe; the fast path (budget available) takes a lock
 * only when bytes are actually acquired, which happens only when a buffer grows.
 */
public final class InboundByteBudget {

    /** A budget that never pauses anyone: for tests and contexts that set no bound. */
    public static final InboundByteBudget UNLIMITED = new InboundByteBudget(Long.MAX_VALUE);

    private final long capacity;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition released = lock.newCondition();
    private final LongAdder pauses = new LongAdder();
    private long inUse;

    /** A budget of {@code capacity} bytes (greater than 0). */
    public InboundByteBudget(long capacity) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("inbound byte budget must be positive: " + capacity);
        }
        this.capacity = capacity;
    }

    /** The default for a node: a quarter of the maximum heap, at least 16 MiB. */
    public static InboundByteBudget ofHeapFraction() {
        return new InboundByteBudget(Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 4));
    }

    /** Bytes this budget allows in flight at once. */
    public long capacity() {
        return capacity;
    }

    /** Bytes acquired and not yet released. */
    public long inUse() {
        lock.lock();
        try {
            return inUse;
        } finally {
            lock.unlock();
        }
    }

    /** How often a reader had to wait for bytes since the budget was made. */
    public long pauses() {
        return pauses.sum();
    }

    /** Takes {@code bytes} if they are available now, without waiting. */
    public boolean tryAcquire(long bytes) {
        if (capacity == Long.MAX_VALUE) {
            return true;
        }
        lock.lock();
        try {
            if (inUse + bytes <= capacity) {
                inUse += bytes;
                return true;
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes {@code bytes}, waiting until others release enough or until {@code deadlineNanos}
     * ({@link System#nanoTime()} scale) passes.
     *
     * @throws IOException if the bytes exceed the whole capacity (no wait could help)
     * @throws SocketTimeoutException if the deadline passed first
     * @throws InterruptedIOException if the thread was interrupted
     */
    public void acquire(long bytes, long deadlineNanos) throws IOException {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative byte count " + bytes);
        }
        if (capacity == Long.MAX_VALUE) {
            return;
        }
        if (bytes > capacity) {
            throw new IOException("a frame needing " + bytes + " buffered bytes exceeds the node's inbound byte budget of "
                    + capacity);
        }
        lock.lock();
        try {
            boolean counted = false;
            while (inUse + bytes > capacity) {
                if (!counted) {
                    pauses.increment();
                    counted = true;
                }
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    throw new SocketTimeoutException("inbound byte budget of " + capacity + " bytes stayed spent ("
                            + inUse + " in use) until the read's deadline");
                }
                try {
                    released.awaitNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while waiting for inbound byte budget");
                }
            }
            inUse += bytes;
        } finally {
            lock.unlock();
        }
    }

    /** Gives back {@code bytes} taken before. */
    public void release(long bytes) {
        if (capacity == Long.MAX_VALUE || bytes == 0) {
            return;
        }
        lock.lock();
        try {
            inUse = Math.max(0, inUse - bytes);
            released.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return capacity == Long.MAX_VALUE ? "InboundByteBudget[unlimited]"
                : "InboundByteBudget[" + inUse() + " of " + capacity + " bytes in use, " + pauses() + " pauses]";
    }
}
