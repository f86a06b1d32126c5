package org.karmi.tech.tcp.internal;

import static org.karmi.tech.tcp.internal.TcpFrameDescriptor.HEADER_LENGTH;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StreamCorruptedException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;

/**
 * Reads whole frames from one socket into one reused {@link WireBuffer}, with as few reads as
 * possible (each read asks for everything the buffer can hold; bytes of a following frame are
 * kept for the next call) and without allocating once the buffer is big enough. A length
 * outside {@code [12, maxFrame]} is rejected before anything of that size is allocated.
 *
 * <p>Not thread-safe: owned by the one thread reading the connection at a time.
 */
final class FrameReader {

    /** Buffers that grew beyond this are replaced by small ones when {@link #shrink()} is called. */
    static final int SHRINK_ABOVE = 1 << 20;
    static final int INITIAL_CAPACITY = 8 * 1024;

    private final Socket socket;
    private final InputStream in;
    private final long spinNanos;
    private final WireBuffer buffer = new WireBuffer(INITIAL_CAPACITY);
    /** One past the last byte received into the buffer. */
    private int end;
    /** One past the last byte of the current frame (start of any bytes read ahead). */
    private int frameEnd;
    /** The SO_TIMEOUT last set on the socket, to set it only when it changes. */
    private int soTimeout = -1;
    /** Bytes received since the last {@link #takeBytesRead()}. */
    private long bytesRead;

    FrameReader(Socket socket, long spinNanos) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.spinNanos = spinNanos;
    }

    /** The buffer of the frame last read: payload in {@code [position, limit)}. */
    WireBuffer buffer() {
        return buffer;
    }

    byte type() {
        return TcpFrameDescriptor.type(buffer.array);
    }

    int callId() {
        return TcpFrameDescriptor.callId(buffer.array);
    }

    /** Whether bytes beyond the current frame have already arrived or wait in the socket. */
    boolean hasPendingInput() throws IOException {
        return end > frameEnd || in.available() > 0;
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

    /**
     * Reads the next frame, waiting for it at most {@code timeoutMillis} in total.
     *
     * @param maxLength largest acceptable frame length (header included)
     * @throws SocketTimeoutException if the frame did not arrive in time
     * @throws EOFException if the peer closed the connection (message says whether mid-frame)
     * @throws StreamCorruptedException if the announced length is out of range
     */
    void read(int maxLength, int timeoutMillis) throws IOException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        compact();
        fill(HEADER_LENGTH, timeoutMillis, deadline);
        checkAndFill(maxLength, timeoutMillis, deadline);
    }

    /**
     * Reads the next frame for a server: waits for its first byte as long as it takes (while
     * {@code open} says so, waking every {@code ioTimeoutMillis}), then requires the rest of the
     * frame within {@code ioTimeoutMillis}.
     */
    void readWhenReady(int maxLength, int ioTimeoutMillis, java.util.function.BooleanSupplier open) throws IOException {
        compact();
        while (end == 0) {
            try {
                fill(1, ioTimeoutMillis, 0);
            } catch (SocketTimeoutException idle) {
                if (!open.getAsBoolean()) {
                    throw new EOFException("connection closed");
                }
            }
        }
        long deadline = System.nanoTime() + ioTimeoutMillis * 1_000_000L;
        fill(HEADER_LENGTH, ioTimeoutMillis, deadline);
        checkAndFill(maxLength, ioTimeoutMillis, deadline);
    }

    private void checkAndFill(int maxLength, int timeoutMillis, long deadline) throws IOException {
        byte[] a = buffer.array;
        int length = TcpFrameDescriptor.length(a);
        if (length < HEADER_LENGTH || length > maxLength) {
            throw new StreamCorruptedException("frame length " + length
                    + " out of range " + HEADER_LENGTH + ".." + maxLength + " (type "
                    + MessageType.name(TcpFrameDescriptor.type(a)) + ")");
        }
        if (length > a.length) {
            buffer.position = 0;
            buffer.ensure(length);
        }
        fill(length, timeoutMillis, deadline);
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

    /** Reads until at least {@code needed} bytes are in the buffer; deadline 0 = one read's timeout only. */
    private void fill(int needed, int timeoutMillis, long deadline) throws IOException {
        boolean first = true;
        while (end < needed) {
            int timeout = timeoutMillis;
            if (!first && deadline != 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw timeout(needed);
                }
                timeout = (int) Math.max(1, Math.min(timeoutMillis, left / 1_000_000L));
            }
            first = false;
            if (timeout != soTimeout) {
                socket.setSoTimeout(timeout);
                soTimeout = timeout;
            }
            if (spinNanos > 0) {
                spin();
            }
            int n;
            try {
                n = in.read(buffer.array, end, buffer.array.length - end);
            } catch (SocketTimeoutException e) {
                throw end == 0 ? e : timeout(needed);
            }
            if (n < 0) {
                throw new EOFException(end == 0 ? "connection closed by peer"
                        : "connection closed by peer in the middle of a frame (" + end + " bytes of " + needed + ")");
            }
            end += n;
            bytesRead += n;
        }
    }

    private SocketTimeoutException timeout(int needed) {
        return new SocketTimeoutException("frame incomplete after the timeout: " + end + " of " + needed + " bytes");
    }

    /** Polls for input for up to spinNanos before the blocking read. */
    private void spin() throws IOException {
        long until = System.nanoTime() + spinNanos;
        while (in.available() == 0 && System.nanoTime() - until < 0) {
            Thread.onSpinWait();
        }
    }

    /** Replaces a grown buffer by a small one; call only between frames with no read-ahead. */
    void shrink() {
        if (buffer.array.length > SHRINK_ABOVE && end == frameEnd) {
            buffer.array = new byte[INITIAL_CAPACITY];
            buffer.flipForRead(0, 0);
            end = 0;
            frameEnd = 0;
        }
    }
}
