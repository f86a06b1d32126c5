package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;

/**
 * What the client and the server end of a TCP connection share: the socket, the frame reader,
 * framed writes with one socket write per frame, a deadline on the blocking operation in
 * progress (enforced by the endpoint's watchdog, which closes the socket when it passes), and
 * an idempotent close that gives the reader's buffered bytes back to the node's inbound budget.
 *
 * <p>Sockets carry no {@code SO_TIMEOUT}: a timed read costs extra system calls on every
 * call, and every timeout here also breaks the connection, so closing the socket from the
 * watchdog is the same outcome, cheaper. Reading and writing are each done by one thread at a
 * time (the connection's protocol guarantees it); deadlines and {@link #close()} are thread-safe.
 */
abstract class TcpLink implements FrameReader.Owner {

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
    /** System.nanoTime() by which a CLOSE being written must be out, 0 when none is (separate from the reader's deadline). */
    private volatile long closeDeadlineNanos;
    private volatile boolean timedOut;

    TcpLink(TcpEndpoint endpoint, Socket socket, String peer) {
        this.endpoint = endpoint;
        this.socket = socket;
        this.peer = peer;
        this.reader = new FrameReader(this, endpoint.settings.spinMicros() * 1000L, endpoint.context.inboundBudget());
    }

    @Override
    public InputStream input() throws IOException {
        return socket.getInputStream();
    }

    /** The running operation's deadline; a read outside any (none today) gets the io timeout. */
    @Override
    public long readDeadlineNanos() {
        long d = deadlineNanos;
        return d != 0 ? d : System.nanoTime() + endpoint.ioTimeoutMillis * 1_000_000L;
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

    /** This end as {@code karmi:connections} shows it. */
    abstract ConnectionInfo info(long nowNanos);

    /** Called by the reader when a frame arrived only partly with its first read. */
    @Override
    public void frameStarted() {
    }

    /** The watchdog: closes the socket if the running operation or a CLOSE being written is past its deadline. */
    final void checkDeadline(long nowNanos) {
        long deadline = deadlineNanos;
        if (deadline != 0 && nowNanos - deadline > 0 && !closed.get()) {
            timedOut = true;
            close();
        }
        long closeDeadline = closeDeadlineNanos;
        if (closeDeadline != 0 && nowNanos - closeDeadline > 0) {
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
        return writeFrame(buffer, type, (byte) 0, callId);
    }

    /** {@link #writeFrame(WireBuffer, byte, int)} with header flags. */
    final int writeFrame(WireBuffer buffer, byte type, byte flags, int callId) throws IOException {
        int length = buffer.position;
        if (length > endpoint.settings.maxFrameBytes()) {
            throw new IOException("message of " + length + " bytes exceeds the tcp maxFrameBytes limit of "
                    + endpoint.settings.maxFrameBytes());
        }
        synchronized (writeLock) {
            TcpFrameDescriptor.writeHeader(buffer.array, length, type, flags, callId);
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
            reader.release();
            onClose();
        }
    }

    /** Hook after the socket closed. */
    abstract void onClose();

    /** Best effort: sends an orderly CLOSE frame after any frame being written, then closes. */
    final void closeOrderly() {
        if (!closed.get()) {
            try {
                sendClose((byte) 0, 1_000_000_000L);
            } catch (IOException ignored) {
                // the peer is gone already: closing anyway
            }
        }
        close();
    }

    /**
     * Writes a CLOSE frame with {@code flags} after any frame being written; the write itself
     * is bounded by {@code timeoutNanos} (a peer that does not read loses the connection)
     * without touching the deadline of a read in progress.
     */
    final void sendClose(byte flags, long timeoutNanos) throws IOException {
        WireBuffer b = new WireBuffer(TcpFrameDescriptor.HEADER_LENGTH);
        b.position = TcpFrameDescriptor.HEADER_LENGTH;
        synchronized (writeLock) {
            closeDeadlineNanos = System.nanoTime() + timeoutNanos;
            try {
                writeFrame(b, MessageType.CLOSE, flags, 0);
            } finally {
                closeDeadlineNanos = 0;
            }
        }
    }
}
