package org.karmi.tech.tcp.internal;

import static org.karmi.tech.tcp.internal.TcpFrameDescriptor.HEADER_LENGTH;

import java.io.EOFException;
import java.io.IOException;
import java.io.StreamCorruptedException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.karmi.spi.transport.TechnologyCounters;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.WireBuffer;

/**
 * The client end of one TCP connection: sends a CALL, reads the REPLY with the same call id
 * into a reused buffer, and goes back to its {@link ConnectionPool} on release. Used by one
 * thread at a time (between acquire and release/discard); hand-over through the pool's
 * concurrent deque orders its fields; {@link #discard()} and technology close are thread-safe.
 */
final class TcpClientConnection extends TcpLink implements Connection {

    private final ConnectionPool pool;
    private final WireBuffer request = new WireBuffer(FrameReader.INITIAL_CAPACITY);
    private Handshake remote;
    private Object attachment;
    private int lastCallId;
    /** Whether the server retired this connection (CLOSE with the drain flag): closed on release. */
    private boolean drained;
    /** System.nanoTime() of the last release, read by the watchdog. */
    volatile long releasedAtNanos;
    /** Whether the connection waits in its pool (for {@link #info}). */
    volatile boolean pooled;

    TcpClientConnection(TcpEndpoint endpoint, ConnectionPool pool, Socket socket) {
        super(endpoint, socket, TcpAddress.text(pool.address));
        this.pool = pool;
    }

    void handshakeDone(Handshake peer) {
        this.remote = peer;
    }

    @Override
    ConnectionInfo info(long nowNanos) {
        Handshake r = remote;
        boolean idle = pooled;
        return new ConnectionInfo(TcpAddress.NAME, false, r == null ? 0 : r.nodeId(), peer, ConnectionInfo.serializerOf(r),
                r == null ? ConnectionInfo.HANDSHAKE : idle ? ConnectionInfo.IDLE : ConnectionInfo.IN_CALL,
                idle ? (nowNanos - releasedAtNanos) / 1_000_000 : 0);
    }

    @Override public long remoteNodeId() { return remote.nodeId(); }
    @Override public Handshake remoteHandshake() { return remote; }
    @Override public Technology technology() { return endpoint.technology; }
    @Override public Object attachment() { return attachment; }
    @Override public void attach(Object value) { this.attachment = value; }
    @Override public boolean isOpen() { return !isClosed(); }

    @Override
    public WireBuffer request() {
        request.clearForWrite(HEADER_LENGTH);
        return request;
    }

    /** The request buffer as it is (handshake code writes the hello into it). */
    WireBuffer requestBuffer() {
        return request;
    }

    @Override
    public WireBuffer call(long timeoutMillis) throws IOException {
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("call timeout must be > 0: " + timeoutMillis);
        }
        ensureOpen();
        int timeout = (int) Math.min(timeoutMillis, Integer.MAX_VALUE);
        int id = ++lastCallId;
        TechnologyCounters stats = endpoint.statistics;
        arm(timeout);
        try {
            writeFrame(request, MessageType.CALL, id);
            stats.callsSent.increment();
            readReply();
            disarm();
            stats.bytesReceived.add(reader.takeBytesRead());
            if (reader.type() != MessageType.REPLY || reader.callId() != id) {
                throw unexpectedFrame(id);
            }
            return reader.buffer();
        } catch (IOException | RuntimeException e) {
            close();
            throw explain(e, timeout);
        }
    }

    /**
     * Reads the next frame; a server's drain CLOSE before it means the server retired the
     * connection and still answers this call (it crossed the CLOSE), so it is read past.
     */
    private void readReply() throws IOException {
        int max = endpoint.settings.maxFrameBytes();
        reader.read(max);
        if (reader.type() == MessageType.CLOSE && (reader.flags() & TcpFrameDescriptor.FLAG_DRAIN) != 0) {
            drained = true;
            reader.read(max);
        }
    }

    @Override
    public void oneWay() throws IOException {
        ensureOpen();
        long timeout = endpoint.settings.connectTimeoutMillis();
        arm(timeout);
        try {
            writeFrame(request, MessageType.ONE_WAY, 0);
            disarm();
            endpoint.statistics.oneWaySent.increment();
        } catch (IOException | RuntimeException e) {
            close();
            throw timedOut() ? timeout("one-way message not taken by tcp peer", timeout, e) : explain(e, 0);
        }
    }

    @Override
    public void release() {
        if (isClosed() || endpoint.isClosed() || drained) {
            close();
            return;
        }
        reader.shrink();
        if (request.array.length > FrameReader.SHRINK_ABOVE) {
            request.array = new byte[FrameReader.INITIAL_CAPACITY];
        }
        releasedAtNanos = System.nanoTime();
        pooled = true;
        pool.offer(this);
    }

    @Override
    public void discard() {
        close();
    }

    @Override
    void onClose() {
        endpoint.statistics.closed();
    }

    private void ensureOpen() throws IOException {
        if (isClosed()) {
            throw new IOException("tcp connection to " + peer + " is closed");
        }
    }

    private StreamCorruptedException unexpectedFrame(int expectedId) {
        byte type = reader.type();
        if (type == MessageType.CLOSE) {
            return new StreamCorruptedException("tcp peer " + peer + " closed the connection during a call");
        }
        return new StreamCorruptedException("tcp peer " + peer + " sent " + MessageType.name(type)
                + " with call id " + reader.callId() + " while call " + expectedId + " awaited its REPLY");
    }

    private IOException explain(Exception e, int timeoutMillis) {
        if (timedOut() || e instanceof SocketTimeoutException) {
            return timeout("no reply from tcp peer", timeoutMillis, e);
        }
        if (endpoint.isClosed()) {
            return new IOException("tcp technology closed during a call to " + peer, e);
        }
        if (e instanceof EOFException) {
            return new IOException("tcp peer " + peer + " " + e.getMessage(), e);
        }
        if (e instanceof IOException io) {
            return io;
        }
        return new IOException("tcp call to " + peer + " failed: " + e, e);
    }

    @Override
    public String toString() {
        return "TcpClientConnection[" + peer + (isClosed() ? ", closed]" : "]");
    }
}
