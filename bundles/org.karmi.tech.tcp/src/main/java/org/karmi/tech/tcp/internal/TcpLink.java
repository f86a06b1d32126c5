package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicBoolean;
import org.karmi.spi.transport.WireBuffer;

/**
 * What the client and the server end of a TCP connection share: the socket, the frame reader,
 * framed writes with one socket write per frame, a write deadline the endpoint's watchdog
 * enforces, and an idempotent close. Reading and writing are each done by one thread at a time
 * (the connection's protocol guarantees it); {@link #close()} and the deadline check are
 * thread-safe.
 */
abstract class TcpLink {

    final TcpEndpoint endpoint;
    final Socket socket;
    final FrameReader reader;
    final String peer;
    private final OutputStream out;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** System.nanoTime() by which the running write must end, 0 when no write runs. */
    private volatile long writeDeadlineNanos;

    TcpLink(TcpEndpoint endpoint, Socket socket) throws IOException {
        this.endpoint = endpoint;
        this.socket = socket;
        this.reader = new FrameReader(socket, endpoint.settings.spinMicros() * 1000L);
        this.out = socket.getOutputStream();
        this.peer = TcpAddress.text((InetSocketAddress) socket.getRemoteSocketAddress());
    }

    /**
     * Writes {@code buffer}'s bytes {@code [0, position)} as one frame (the header goes into
     * the first {@link TcpFrameDescriptor#HEADER_LENGTH} bytes) with a single socket write.
     *
     * @param timeoutMillis bound on the write; the watchdog closes the socket when it is exceeded
     * @return the frame length
     */
    final int writeFrame(WireBuffer buffer, byte type, int callId, long timeoutMillis) throws IOException {
        int length = buffer.position;
        if (length > endpoint.settings.maxFrameBytes()) {
            throw new IOException("message of " + length + " bytes exceeds the tcp maxFrameBytes limit of "
                    + endpoint.settings.maxFrameBytes());
        }
        TcpFrameDescriptor.writeHeader(buffer.array, length, type, callId);
        writeDeadlineNanos = System.nanoTime() + timeoutMillis * 1_000_000L;
        try {
            out.write(buffer.array, 0, length);
        } finally {
            writeDeadlineNanos = 0;
        }
        endpoint.statistics.bytesSent.add(length);
        return length;
    }

    /** Closes the socket if a write has run past its deadline; called by the watchdog. */
    final void checkWriteDeadline(long nowNanos) {
        long deadline = writeDeadlineNanos;
        if (deadline != 0 && nowNanos - deadline > 0) {
            TcpEndpoint.LOG.log(System.Logger.Level.WARNING,
                    "tcp: closing connection to " + peer + ": a write did not complete in time (peer not reading)");
            close();
        }
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

    /** Best effort: sends an orderly CLOSE frame (only when no other write can run), then closes. */
    final void closeOrderly() {
        if (!closed.get()) {
            try {
                WireBuffer b = new WireBuffer(TcpFrameDescriptor.HEADER_LENGTH);
                b.position = TcpFrameDescriptor.HEADER_LENGTH;
                writeFrame(b, org.karmi.spi.transport.MessageType.CLOSE, 0, 1000);
            } catch (IOException ignored) {
                // the peer is gone already: closing anyway
            }
        }
        close();
    }
}
