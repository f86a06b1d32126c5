package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;

/**
 * What the client and the server end of a TCP connection share: the socket, the frame reader,
 * framed writes with one socket write per frame, a deadline on the blocking operation in
 * progress (enforced by the endpoint's watchdog, which closes the socket when it passes), and
 * an idempotent close.
 *
 * <p>Sockets carry no {@code SO_TIMEOUT}: a timed read costs extra system calls on every
 * call, and every timeout here also breaks the connection, so closing the socket from the
 * watchdog is the same outcome, cheaper. Reading and writing are each done by one thread at a
 * time (the connection's protocol guarantees it); deadlines and {@link #close()} are thread-safe.
 */
abstract class TcpLink {

    final TcpEndpoint endpoint;
    final Socket socket;
    final FrameReader reader;
    final String peer;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Orders whole frames when a shutdown's CLOSE meets a reply (uncontended otherwise). */
    private final Object writeLock = new Object();
    private OutputStream out;
    /** System.nanoTime() by which the running operation must end, 0 when none is bounded. */
    private volatile long deadlineNanos;
    private volatile boolean timedOut;

    TcpLink(TcpEndpoint endpoint, Socket socket, String peer) {
        this.endpoint = endpoint;
        this.socket = socket;
        this.peer = peer;
        this.reader = new FrameReader(socket, this, endpoint.settings.spinMicros() * 1000L);
    }

    /** Bounds the blocking operations from now on by {@code timeoutMillis}. */
    final void arm(long timeoutMillis) {
        deadlineNanos = System.nanoTime() + Math.max(1, timeoutMillis) * 1_000_000L;
    }

    final void disarm() {
        deadlineNanos = 0;
    }

    final boolean armed() {
        return deadlineNanos != 0;
    }

    /** Whether the watchdog closed this link because a deadline passed. */
    final boolean timedOut() {
        return timedOut;
    }

    /** Called by the reader when a frame arrived only partly with its first read. */
    void frameStarted() {
    }

    /** The watchdog: closes the socket if the running operation is past its deadline. */
    final void checkDeadline(long nowNanos) {
        long deadline = deadlineNanos;
        if (deadline != 0 && nowNanos - deadline > 0 && !closed.get()) {
            timedOut = true;
            close();
        }
    }

    /** A SocketTimeoutException saying what did not finish in time. */
    final SocketTimeoutException timeout(String what, long timeoutMillis, Exception cause) {
        SocketTimeoutException e = new SocketTimeoutException(what + " " + peer + " within " + timeoutMillis + " ms");
        e.initCause(cause);
        return e;
    }

    /**
     * Writes {@code buffer}'s bytes {@code [0, position)} as one frame (the header goes into
     * the first {@link TcpFrameDescriptor#HEADER_LENGTH} bytes) with a single socket write.
     * Callers bound it with {@link #arm}.
     *
     * @return the frame length
     */
    final int writeFrame(WireBuffer buffer, byte type, int callId) throws IOException {
        int length = buffer.position;
        if (length > endpoint.settings.maxFrameBytes()) {
            throw new IOException("message of " + length + " bytes exceeds the tcp maxFrameBytes limit of "
                    + endpoint.settings.maxFrameBytes());
        }
        synchronized (writeLock) {
            TcpFrameDescriptor.writeHeader(buffer.array, length, type, callId);
            OutputStream o = out;
            if (o == null) {
                o = out = socket.getOutputStream();
            }
            o.write(buffer.array, 0, length);
        }
        endpoint.statistics.bytesSent.add(length);
        return length;
    }

    final boolean isClosed() {
        return closed.get();
    }

    /** Closes the socket once; runs {@link #onClose()} once. Idempotent, thread-safe. */
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing: nothing left to do
            }
            endpoint.forget(this);
            onClose();
        }
    }

    /** Hook after the socket closed. */
    abstract void onClose();

    /** Best effort: sends an orderly CLOSE frame after any frame being written, then closes. */
    final void closeOrderly() {
        if (!closed.get()) {
            try {
                WireBuffer b = new WireBuffer(TcpFrameDescriptor.HEADER_LENGTH);
                b.position = TcpFrameDescriptor.HEADER_LENGTH;
                arm(1000);
                writeFrame(b, MessageType.CLOSE, 0);
            } catch (IOException ignored) {
                // the peer is gone already: closing anyway
            }
        }
        close();
    }
}
