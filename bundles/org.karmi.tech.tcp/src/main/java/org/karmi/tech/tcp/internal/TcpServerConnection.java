package org.karmi.tech.tcp.internal;

import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.WARNING;
import static org.karmi.tech.tcp.internal.TcpFrameDescriptor.HEADER_LENGTH;

import java.io.EOFException;
import java.io.IOException;
import java.io.StreamCorruptedException;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.karmi.spi.transport.TechnologyCounters;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.WireBuffer;

/**
 * The server end of one TCP connection: its own thread does the handshake, then reads a frame,
 * hands a CALL to the {@link InboundHandler} and reads nothing more until {@link #sendReply()}
 * (from any thread) has answered it; bad input closes the connection with one log line. The
 * reader thread and the one replying hand over through an atomic state; close is thread-safe.
 */
final class TcpServerConnection extends TcpLink implements ServerConnection, Runnable {

    private static final int READING = 0;
    private static final int IN_CALL = 1;
    private static final int CLOSED = 2;

    private final InboundHandler handler;
    private final int ioTimeoutMillis;
    private final WireBuffer reply = new WireBuffer(FrameReader.INITIAL_CAPACITY);
    private final AtomicInteger state = new AtomicInteger(READING);
    private final long spinNanos;
    private volatile Thread readerThread;
    private Handshake remote;
    private volatile Object attachment;
    private int currentCallId;
    /** Whether the reader armed a deadline for the rest of a partly arrived frame. */
    private boolean restArmed;

    TcpServerConnection(TcpEndpoint endpoint, Socket socket) {
        super(endpoint, socket, TcpAddress.text((java.net.InetSocketAddress) socket.getRemoteSocketAddress()));
        this.handler = endpoint.context.inbound();
        this.ioTimeoutMillis = endpoint.ioTimeoutMillis;
        this.spinNanos = endpoint.settings.spinMicros() * 1000L;
    }

    @Override public long remoteNodeId() { return remote.nodeId(); }
    @Override public Handshake remoteHandshake() { return remote; }
    @Override public Technology technology() { return endpoint.technology; }

    /** From the socket's remote address (loopback or a local interface), never from the handshake. */
    @Override
    public boolean peerOnThisHost() {
        return TcpAddress.isLocal(socket.getInetAddress());
    }
    @Override public WireBuffer request() { return reader.buffer(); }
    @Override public Object attachment() { return attachment; }
    @Override public void attach(Object value) { this.attachment = value; }

    @Override
    public WireBuffer reply() {
        reply.clearForWrite(HEADER_LENGTH);
        return reply;
    }

    @Override
    public void sendReply() throws IOException {
        if (state.get() != IN_CALL) {
            throw new IOException(isClosed() ? "tcp connection from " + peer + " is closed; reply dropped"
                    : "no call in progress on the tcp connection from " + peer);
        }
        arm(ioTimeoutMillis);
        try {
            writeFrame(reply, MessageType.REPLY, currentCallId);
            disarm();
        } catch (IOException | RuntimeException e) {
            close();
            if (timedOut()) {
                throw timeout("reply not taken by tcp peer", ioTimeoutMillis, e);
            }
            throw e instanceof IOException io ? io : new IOException("reply to " + peer + " failed: " + e, e);
        }
        if (reply.array.length > FrameReader.SHRINK_ABOVE) {
            reply.array = new byte[FrameReader.INITIAL_CAPACITY];
        }
        if (state.compareAndSet(IN_CALL, READING)) {
            Thread reader = readerThread;
            if (reader != Thread.currentThread()) {
                LockSupport.unpark(reader);
            }
        }
    }

    @Override
    public void run() {
        readerThread = Thread.currentThread();
        arm(ioTimeoutMillis);
        try {
            remote = TcpHandshake.server(this, endpoint.context);
            disarm();
        } catch (TcpHandshake.RefusedException e) {
            TcpEndpoint.LOG.log(WARNING, "tcp: refused connection from " + peer + ": " + e.getMessage());
            close();
            return;
        } catch (IOException | RuntimeException e) {
            String why = timedOut() ? "no handshake within " + ioTimeoutMillis + " ms" : "handshake failed: " + e;
            TcpEndpoint.LOG.log(isClosed() && !timedOut() ? DEBUG : WARNING, "tcp: closing connection from " + peer + ": " + why);
            close();
            return;
        }
        try {
            serve();
        } finally {
            close();
            try {
                handler.onClosed(this);
            } catch (RuntimeException | Error e) {
                TcpEndpoint.LOG.log(WARNING, "tcp: inbound handler threw in onClosed for " + peer + ": " + e);
            }
        }
    }

    private void serve() {
        TechnologyCounters stats = endpoint.statistics;
        int maxFrame = endpoint.settings.maxFrameBytes();
        try {
            while (!isClosed()) {
                reader.read(maxFrame);
                if (restArmed) {
                    disarm();
                    restArmed = false;
                }
                stats.bytesReceived.add(reader.takeBytesRead());
                byte type = reader.type();
                if (type == MessageType.CALL) {
                    stats.callsReceived.increment();
                    currentCallId = reader.callId();
                    if (!state.compareAndSet(READING, IN_CALL)) {
                        return;
                    }
                    handler.onCall(this);
                    awaitReply();
                } else if (type == MessageType.ONE_WAY) {
                    stats.oneWayReceived.increment();
                    handler.onOneWay(this, reader.buffer());
                } else if (type == MessageType.CLOSE) {
                    TcpEndpoint.LOG.log(DEBUG, "tcp: " + peer + " closed its connection");
                    return;
                } else {
                    TcpEndpoint.LOG.log(WARNING, "tcp: closing connection from " + peer + ": unexpected frame "
                            + MessageType.name(type) + " after the handshake");
                    return;
                }
            }
        } catch (EOFException e) {
            boolean midFrame = reader.midFrame();
            TcpEndpoint.LOG.log(midFrame && !isClosed() ? WARNING : DEBUG, "tcp: connection from " + peer + ": " + e.getMessage());
        } catch (StreamCorruptedException e) {
            TcpEndpoint.LOG.log(WARNING, "tcp: closing connection from " + peer + ": " + e.getMessage());
        } catch (IOException e) {
            if (timedOut()) {
                TcpEndpoint.LOG.log(WARNING, "tcp: closing connection from " + peer + ": frame incomplete after "
                        + ioTimeoutMillis + " ms");
                return;
            }
            TcpEndpoint.LOG.log(isClosed() ? DEBUG : WARNING, "tcp: connection from " + peer + " failed: " + e);
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError vme && !(e instanceof OutOfMemoryError)) {
                throw vme;
            }
            TcpEndpoint.LOG.log(WARNING, "tcp: closing connection from " + peer + ": inbound handler threw " + e);
        }
    }

    /** Blocks the reader until the call was answered (or the connection closed): polls briefly, then parks. */
    private void awaitReply() {
        if (state.get() != IN_CALL) {
            return;
        }
        long spinUntil = System.nanoTime() + spinNanos;
        while (state.get() == IN_CALL && System.nanoTime() - spinUntil < 0) {
            Thread.onSpinWait();
        }
        while (state.get() == IN_CALL) {
            LockSupport.park(this);
        }
    }

    /** Technology shutdown: sends CLOSE (a call in progress then ends with an error on the client), closes. */
    void shutdown() {
        closeOrderly();
    }

    @Override
    void frameStarted() {
        if (!restArmed && !isClosed()) {
            arm(ioTimeoutMillis);
            restArmed = true;
        }
    }

    @Override
    void onClose() {
        state.set(CLOSED);
        Thread reader = readerThread;
        if (reader != null) {
            LockSupport.unpark(reader);
        }
        endpoint.statistics.closed();
        endpoint.inboundClosed();
    }

    @Override
    public String toString() {
        return "TcpServerConnection[" + peer + (isClosed() ? ", closed]" : "]");
    }
}
