package org.karmi.tech.tcp.internal;

import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.WARNING;
import static org.karmi.tech.tcp.internal.TcpFrameDescriptor.HEADER_LENGTH;

import java.io.EOFException;
import java.io.IOException;
import java.io.StreamCorruptedException;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.karmi.spi.transport.TechnologyCounters;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.WireBuffer;

/**
 * The server end of one TCP connection: its own thread does the handshake (bounded from
 * accept by the io timeout), then reads a frame, hands a CALL to the {@link InboundHandler}
 * and reads nothing more until {@link #sendReply()} (from any thread) has answered it; bad
 * input closes the connection with a rate-limited log line. The {@link ConnectionBudget} may
 * retire it while no call is in flight ({@link #beginDrain}). The reader thread and the one
 * replying hand over through an atomic state; close is thread-safe.
 */
final class TcpServerConnection extends TcpLink implements ServerConnection, Runnable {

    static final int HANDSHAKE = 0;
    static final int READING = 1;
    static final int IN_CALL = 2;
    static final int CLOSED = 3;

    private final InboundHandler handler;
    private final int ioTimeoutMillis;
    private final WireBuffer reply = new WireBuffer(FrameReader.INITIAL_CAPACITY);
    private final AtomicInteger state = new AtomicInteger(HANDSHAKE);
    private final long spinNanos;
    private volatile Thread readerThread;
    private Handshake remote;
    private Handshake local;
    private volatile Object attachment;
    private int currentCallId;
    /** Whether the reader armed a deadline for the rest of a partly arrived frame. */
    private boolean restArmed;
    /**
     * System.nanoTime() (the endpoint's coarse clock) since when no call has been in flight,
     * accept time during the handshake; written with release semantics (no fence per call), read
     * by the budget, which tolerates a stale value.
     */
    private final AtomicLong idleSinceNanos = new AtomicLong();
    /** System.nanoTime() after which a retired connection is closed once idle; 0 while not retired. */
    private volatile long drainDeadlineNanos;
    private volatile boolean retireRequested;

    TcpServerConnection(TcpEndpoint endpoint, Socket socket) {
        super(endpoint, socket, TcpAddress.text((java.net.InetSocketAddress) socket.getRemoteSocketAddress()));
        this.handler = endpoint.context.inbound();
        this.ioTimeoutMillis = endpoint.ioTimeoutMillis;
        this.spinNanos = endpoint.settings.spinMicros() * 1000L;
        this.idleSinceNanos.lazySet(System.nanoTime());
        arm(ioTimeoutMillis); // the handshake deadline runs from accept: a slowly trickled hello cannot extend it
    }

    @Override
    ConnectionInfo info(long nowNanos) {
        Handshake r = remote;
        int s = state.get();
        String what = s == HANDSHAKE ? ConnectionInfo.HANDSHAKE : s == IN_CALL ? ConnectionInfo.IN_CALL
                : drainDeadlineNanos != 0 ? ConnectionInfo.RETIRING : ConnectionInfo.IDLE;
        return new ConnectionInfo(TcpAddress.NAME, true, r == null ? 0 : r.nodeId(), peer, ConnectionInfo.serializerOf(local),
                what, s == IN_CALL ? 0 : Math.max(0, (nowNanos - idleSinceNanos.get()) / 1_000_000));
    }

    @Override public long remoteNodeId() { return remote.nodeId(); }
    @Override public Handshake remoteHandshake() { return remote; }
    @Override public Handshake localHandshake() { return local; }
    @Override public Technology technology() { return endpoint.technology; }

    /** From the socket's remote address (loopback or a local interface), never from the handshake. */
    @Override
    public boolean peerOnThisHost() {
        return TcpAddress.isLocal(socket.getInetAddress());
    }

    /** The socket's remote address as text ({@code 127.0.0.1}), for {@code RemoteServer.getClientHost()}. */
    @Override
    public String peerHost() {
        return socket.getInetAddress().getHostAddress();
    }

    /** The port of the listener that accepted this connection: the registry of that port answers it. */
    @Override
    public int localPort() {
        return socket.getLocalPort();
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
        idleSinceNanos.lazySet(endpoint.coarseNanos()); // before READING: the call's start is no idle time
        if (state.compareAndSet(IN_CALL, READING)) {
            Thread reader = readerThread;
            if (reader != Thread.currentThread()) {
                LockSupport.unpark(reader);
            }
        }
    }

    /**
     * Retires the connection (drain CLOSE, §4.1 of PROTOCOL.md) once the current call is
     * answered, or at the watchdog's next scan between calls if the request came after that.
     */
    @Override
    public void retire() {
        retireRequested = true;
    }

    boolean retireRequested() {
        return retireRequested;
    }

    /** Keeps the HELLO_ACK this end sent (its serializer is the connection's). */
    void answered(Handshake answer) {
        this.local = answer;
    }

    @Override
    public void run() {
        readerThread = Thread.currentThread();
        try {
            remote = TcpHandshake.server(this, endpoint.context);
            disarm();
        } catch (TcpHandshake.RefusedException e) {
            endpoint.handshakeFailed(peer, e.getMessage());
            close();
            return;
        } catch (IOException | RuntimeException e) {
            if (timedOut()) {
                endpoint.handshakeFailed(peer, "no handshake within " + ioTimeoutMillis + " ms");
            } else if (isClosed()) {
                TcpEndpoint.LOG.log(DEBUG, "tcp: connection from " + peer + " closed during the handshake: " + e);
            } else {
                endpoint.handshakeFailed(peer, "handshake failed: " + e);
            }
            close();
            return;
        }
        if (!state.compareAndSet(HANDSHAKE, READING)) {
            close(); // retired while the HELLO_ACK went out
            return;
        }
        idleSinceNanos.lazySet(System.nanoTime());
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
                    if (retireRequested && drainDeadlineNanos == 0) {
                        endpoint.retireOnRequest(this); // between calls now; the watchdog's scan is the fallback
                    }
                } else if (type == MessageType.ONE_WAY) {
                    stats.oneWayReceived.increment();
                    handler.onOneWay(this, reader.buffer());
                    idleSinceNanos.lazySet(endpoint.coarseNanos());
                } else if (type == MessageType.CLOSE) {
                    TcpEndpoint.LOG.log(DEBUG, "tcp: " + peer + " closed its connection");
                    return;
                } else {
                    endpoint.misbehaved(peer, "unexpected frame " + MessageType.name(type) + " after the handshake");
                    return;
                }
                reader.shrink();
                if (drainOver()) {
                    return;
                }
            }
        } catch (EOFException e) {
            boolean midFrame = reader.midFrame();
            if (midFrame && !isClosed()) {
                endpoint.misbehaved(peer, e.getMessage());
            } else {
                TcpEndpoint.LOG.log(DEBUG, "tcp: connection from " + peer + ": " + e.getMessage());
            }
        } catch (StreamCorruptedException e) {
            endpoint.misbehaved(peer, e.getMessage());
        } catch (IOException e) {
            if (timedOut()) {
                endpoint.misbehaved(peer, "frame incomplete after " + ioTimeoutMillis + " ms");
            } else if (isClosed()) {
                TcpEndpoint.LOG.log(DEBUG, "tcp: connection from " + peer + " closed: " + e);
            } else {
                endpoint.misbehaved(peer, "read failed: " + e);
            }
        } catch (RuntimeException | Error e) {
            if (e instanceof VirtualMachineError vme && !(e instanceof OutOfMemoryError)) {
                throw vme;
            }
            TcpEndpoint.LOG.log(WARNING, "tcp: closing connection from " + peer + ": inbound handler threw " + e);
        }
    }

    /** Whether this connection was retired and its grace is over (checked between frames). */
    private boolean drainOver() {
        long d = drainDeadlineNanos;
        return d != 0 && System.nanoTime() - d > 0;
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

    // ----- what the connection budget asks -----

    /** Whether no call is in flight: still in the handshake, or between calls. */
    boolean idle() {
        int s = state.get();
        return s == HANDSHAKE || s == READING;
    }

    boolean handshaking() {
        return state.get() == HANDSHAKE;
    }

    /** Whether the handshake is done and no call is in flight. */
    boolean betweenCalls() {
        return state.get() == READING;
    }

    long idleSinceNanos() {
        return idleSinceNanos.get();
    }

    long drainDeadlineNanos() {
        return drainDeadlineNanos;
    }

    /**
     * Retires the connection: from now on it is closed as soon as it is idle after
     * {@code deadlineNanos}; calls that cross the CLOSE sent by {@link #sendDrainClose} are
     * still served until then.
     */
    void beginDrain(long deadlineNanos) {
        drainDeadlineNanos = deadlineNanos == 0 ? 1 : deadlineNanos;
    }

    /** Sends CLOSE with {@link TcpFrameDescriptor#FLAG_DRAIN}, its write bounded by {@code timeoutNanos}; on the budget's thread. */
    void sendDrainClose(long timeoutNanos) {
        if (isClosed()) {
            return;
        }
        try {
            sendClose(TcpFrameDescriptor.FLAG_DRAIN, timeoutNanos);
        } catch (IOException e) {
            TcpEndpoint.LOG.log(DEBUG, "tcp: retiring connection from " + peer + ": " + e);
            close();
        }
    }

    /** Closes the connection if no call is in flight (a call that wins the race finishes first); whether it did. */
    boolean closeIfIdle() {
        int s = state.get();
        if ((s == HANDSHAKE || s == READING) && state.compareAndSet(s, CLOSED)) {
            close();
            return true;
        }
        return isClosed();
    }

    @Override
    public void frameStarted() {
        if (!restArmed && !isClosed() && state.get() != HANDSHAKE) {
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
        endpoint.inboundClosed(this);
    }

    @Override
    public String toString() {
        return "TcpServerConnection[" + peer + (isClosed() ? ", closed]" : "]");
    }
}
