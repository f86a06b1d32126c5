package org.karmi.tech.tcp.internal;

import static org.karmi.tech.tcp.internal.TcpFrameDescriptor.HEADER_LENGTH;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.StreamCorruptedException;
import java.net.Socket;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;

/**
 * Reads whole frames from one socket into one reused {@link WireBuffer}, with as few reads as
 * possible (each read asks for everything the buffer can hold; bytes of a following frame are
 * kept for the next frame) and without allocating once the buffer is big enough. A length
 * outside {@code [12, maxLength]} is rejected before anything of that size is allocated.
 *
 * <p>Reads block without a socket timeout (a timed read costs extra system calls on every
 * call): bounds are enforced by the owning {@link TcpLink}'s deadline, which the endpoint's
 * watchdog enforces by closing the socket. Before blocking, a reader may poll for
 * {@code spinNanos}; the polling backs off after it failed, so long calls and many idle
 * connections do not burn CPU.
 *
 * <p>Not thread-safe: owned by the one thread reading the connection at a time.
 */
final class FrameReader {

    /** Buffers that grew beyond this are replaced by small ones when {@link #shrink()} is called. */
    static final int SHRINK_ABOVE = 1 << 20;
    static final int INITIAL_CAPACITY = 8 * 1024;
    /** Most waits skipped after polling failed repeatedly. */
    private static final int MAX_SPIN_BACKOFF = 256;

    private final Socket socket;
    private final TcpLink owner;
    private final long spinNanos;
    private final WireBuffer buffer = new WireBuffer(INITIAL_CAPACITY);
    private InputStream in;
    /** One past the last byte received into the buffer. */
    private int end;
    /** One past the last byte of the current frame (start of any bytes read ahead). */
    private int frameEnd;
    /** Bytes received since the last {@link #takeBytesRead()}. */
    private long bytesRead;
    private int spinSkip;
    private int spinBackoff;

    FrameReader(Socket socket, TcpLink owner, long spinNanos) {
        this.socket = socket;
        this.owner = owner;
        this.spinNanos = spinNanos;
    }

    private InputStream in() throws IOException {
        InputStream s = in;
        if (s == null) {
            s = in = socket.getInputStream();
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

    /**
     * Reads the next frame (blocking; see the class comment for bounds). When the first read
     * leaves the frame incomplete, {@link TcpLink#frameStarted()} is told, so that a server can
     * bound the rest.
     *
     * @param maxLength largest acceptable frame length (header included)
     * @throws EOFException if the peer closed the connection (message says whether mid-frame)
     * @throws StreamCorruptedException if the announced length is out of range
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
            if (length > a.length) {
                buffer.position = 0;
                buffer.ensure(length);
            }
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

    /** Reads until at least {@code needed} bytes are in the buffer. */
    private void fill(int needed) throws IOException {
        InputStream s = in();
        if (spinNanos > 0 && end < needed) {
            spinThenBlock(s);
        }
        while (end < needed) {
            int n = s.read(buffer.array, end, buffer.array.length - end);
            if (n < 0) {
                throw new EOFException(end == frameEnd ? "connection closed by peer"
                        : "connection closed by peer in the middle of a frame (" + end + " of " + needed + " bytes)");
            }
            end += n;
            bytesRead += n;
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
