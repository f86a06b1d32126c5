package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;

/**
 * The server end of one channel: its own receiver thread answers the handshake, then reads
 * frames from the client-to-server ring and hands them to the {@link InboundHandler}, one call
 * at a time (the next frame is not read before {@link #sendReply()}). Threading: the receiver
 * thread plus whichever thread sends the reply; {@link #close()} from any thread.
 */
final class ServerChannel implements ServerConnection, Runnable {

    private static final System.Logger LOG = System.getLogger(ServerChannel.class.getName());
    /** {@link #idleSinceNs} of a channel handshaking, serving a frame, retired or closed. */
    static final long BUSY = Long.MIN_VALUE;
    /** Spins of {@link #awaitReply()} before it yields (a handler on the receiver thread never gets there). */
    private static final int AWAIT_REPLY_SPINS = 1_000;

    private final ParaStationNode node;
    private final PeerNode peer;
    private final ChannelFile file;
    private final int seq;
    private final FramePublisher publisher;
    private final FrameReceiver receiver;
    private final IdleStrategy idle;
    private final Waiter waiter;
    private final WireBuffer request = new WireBuffer(256);
    private final WireBuffer reply = new WireBuffer(256);
    private final ChannelGuard sendGuard = this::checkSendable;
    private final ChannelGuard receiveGuard = this::checkReceivable;
    private final AtomicBoolean closed = new AtomicBoolean();
    /**
     * When the receiver began waiting for the HELLO or the next frame with no call in flight
     * ({@link System#nanoTime()}), or {@link #BUSY}: the node may {@linkplain #retire retire}
     * the longest-idle channel to admit another at its connection limit.
     */
    private final AtomicLong idleSinceNs = new AtomicLong(nowNotBusy());

    private volatile boolean replyPending;
    /** Set while the receiver thread sleeps for a reply another thread sends (in-process wake-up). */
    private volatile boolean sleepingForReply;
    private volatile Thread receiverThread;
    private volatile String closeReason;
    private int currentCallId;
    private Handshake remoteHandshake;
    private Handshake localHandshake;
    private Object attachment;

    ServerChannel(ParaStationNode node, PeerNode peer, ChannelFile file, int seq) {
        this.node = node;
        this.peer = peer;
        this.file = file;
        this.seq = seq;
        ParaStationConfig config = node.config();
        this.waiter = node.registerWaiter();
        this.publisher = new FramePublisher(file.serverToClient(), config.newIdleStrategy(),
                new WakeTarget(file.clientWakeWord(), peer.ringer()));
        this.idle = config.newReceiverIdleStrategy(file.clientToServer(), file.serverWakeWord(), waiter,
                node.spinPermits(), node.statistics());
        this.receiver = new FrameReceiver(file.clientToServer(), idle, config.maxMessageBytes(), node.budget(),
                node.ioTimeoutMillis() * 1_000_000L);
    }

    PeerNode peer() {
        return peer;
    }

    String threadName() {
        return "karmi-parastation-rx-" + node.port() + "-from-" + peer.port() + "." + seq;
    }

    @Override
    public void run() {
        receiverThread = Thread.currentThread();
        boolean open = false;
        try {
            open = handshake();
            if (open) {
                node.statistics().connectionsOpened.increment();
                node.statistics().connectionsOpen.increment();
                serve();
            }
        } catch (StreamCorruptedException e) {
            node.statistics().channelsMalformed.increment();
            node.failures().channelFailed("parastation: closed " + this + ": " + e.getMessage(), null);
            close(e.getMessage());
        } catch (FrameAbandonedException e) {
            node.statistics().framesAbandoned.increment();
            node.failures().channelFailed("parastation: closed " + this + ": " + e.getMessage(), null);
            close(e.getMessage());
        } catch (IOException e) {
            LOG.log(Level.DEBUG, () -> this + " ends: " + e.getMessage());
            close(e.getMessage());
        } catch (RuntimeException | Error e) {
            node.failures().channelFailed("parastation: closed " + this + " after a failure: " + e, e);
            close(String.valueOf(e));
        } finally {
            idle.reset(); // a permit to busy-wait held when the wait failed goes back
            close(closeReason == null ? "receiver ended" : closeReason);
            receiver.releaseBudget();
            if (open) {
                node.statistics().connectionsOpen.decrement();
                try {
                    node.inbound().onClosed(this);
                } catch (RuntimeException e) {
                    node.failures().channelFailed("parastation: onClosed of " + this + " threw " + e, e);
                }
            }
            node.removeServer(this);
        }
    }

    private boolean handshake() throws IOException {
        receiver.begin(request);
        receiver.receive(System.nanoTime() + node.ioTimeoutMillis() * 1_000_000L, receiveGuard);
        if (idleSinceNs.getAndSet(BUSY) == BUSY) {
            return false; // retired before its HELLO came (a channel waiting for one counts as idle)
        }
        node.statistics().bytesReceived.add(receiver.bytes());
        Handshake local = node.localHandshake();
        if (receiver.frameType() != MessageType.HELLO) {
            return refuse(Handshake.REFUSED_MALFORMED, "expected HELLO, got "
                    + MessageType.name((byte) receiver.frameType()));
        }
        Handshake hello;
        try {
            hello = Handshake.readFrom(request);
        } catch (StreamCorruptedException e) {
            return refuse(Handshake.REFUSED_MALFORMED, e.getMessage());
        }
        int code = local.checkCompatible(hello);
        if (code != 0) {
            return refuse(code, local.refusalMessage(code, hello));
        }
        if (node.isClosed()) {
            return refuse(Handshake.REFUSED_UNAVAILABLE, "node is shutting down");
        }
        remoteHandshake = hello;
        localHandshake = local.answer(hello);
        peer.sawNode(hello.nodeId());
        reply.clearForWrite(0);
        localHandshake.writeTo(reply);
        send(MessageType.HELLO_ACK, 0);
        return true;
    }

    private boolean refuse(int code, String message) throws IOException {
        node.statistics().connectionsRefused.increment();
        reply.clearForWrite(0);
        Handshake.writeRefusal(reply, code, message);
        send(MessageType.REFUSE, 0);
        close("refused: " + message);
        return false;
    }

    private void serve() throws IOException {
        final FrameReceiver receiver = this.receiver;
        final IdleStrategy idle = this.idle;
        while (!closed.get()) {
            receiver.begin(request);
            idleSinceNs.setRelease(nowNotBusy()); // no fence per call: the exchange below decides any race
            idle.reset();
            int rounds = 0;
            boolean complete;
            while (!(complete = receiver.poll()) && !receiver.inFrame()) {
                if ((++rounds & FrameReceiver.CHECK_MASK) == 0 || idle.isParking()) {
                    receiveGuard.checkOpen();
                }
                idle.idle();
            }
            idle.reset(); // the wait is over: its permit to busy-wait goes back before the call is served
            if (idleSinceNs.getAndSet(BUSY) == BUSY) {
                return; // retired while idle (closed to admit another channel): the frame is not served
            }
            if (!complete) {
                receiver.receive(System.nanoTime() + node.ioTimeoutMillis() * 1_000_000L, receiveGuard);
            }
            node.statistics().bytesReceived.add(receiver.bytes());
            if (!dispatch(receiver.frameType())) {
                return;
            }
            receiver.finish(); // the request has been used: a grown buffer gives its budget bytes back now
        }
    }

    private boolean dispatch(int type) {
        final InboundHandler handler = node.inbound();
        switch (type) {
            case MessageType.CALL:
                node.statistics().callsReceived.increment();
                currentCallId = receiver.callId();
                reply.clearForWrite(0);
                replyPending = true;
                try {
                    handler.onCall(this);
                } catch (RuntimeException | Error e) {
                    node.failures().channelFailed("parastation: handler threw " + e + " on a call over " + this
                            + "; closing it", e);
                    close("handler threw " + e);
                    return false;
                }
                return awaitReply();
            case MessageType.ONE_WAY:
                node.statistics().oneWayReceived.increment();
                try {
                    handler.onOneWay(this, request);
                } catch (RuntimeException | Error e) {
                    node.failures().channelFailed("parastation: handler threw " + e + " on a one-way message over "
                            + this + "; closing it", e);
                    close("handler threw " + e);
                    return false;
                }
                return true;
            case MessageType.CLOSE:
                close("client closed the connection");
                return false;
            default:
                node.statistics().channelsMalformed.increment();
                node.failures().channelFailed("parastation: closed " + this + ": unexpected "
                        + MessageType.name((byte) type) + " frame", null);
                close("unexpected " + MessageType.name((byte) type) + " frame");
                return false;
        }
    }

    /**
     * Waits until the handler (maybe on another thread) has sent the reply: spins; yields for
     * the receive yield time if it gets one of the domain's {@link SpinPermits}; then, or at
     * once without a permit, parks until {@link #sendReply()} or a close unparks it.
     */
    private boolean awaitReply() {
        if (!replyPending) {
            return !closed.get(); // the handler answered on this thread
        }
        final SpinPermits permits = node.spinPermits();
        final long startNs = System.nanoTime();
        final long yieldNs = node.config().receiveYieldNs();
        final long safetyNs = node.config().wakeSafetyTimeoutMs() * 1_000_000L;
        int rounds = 0;
        boolean permit = false;
        try {
            while (replyPending) {
                if (closed.get()) {
                    return false;
                }
                if (++rounds < AWAIT_REPLY_SPINS) {
                    Thread.onSpinWait();
                    continue;
                }
                if (rounds == AWAIT_REPLY_SPINS && !(permit = permits.tryAcquire())) {
                    node.statistics().spinsRefused.increment();
                }
                if (permit && System.nanoTime() - startNs < yieldNs) {
                    Thread.yield();
                    continue;
                }
                if (permit) {
                    permit = false;
                    permits.release();
                }
                sleepingForReply = true; // volatile store, then volatile load: pairs with sendReply
                if (replyPending && !closed.get()) {
                    LockSupport.parkNanos(this, safetyNs);
                }
                sleepingForReply = false;
            }
            return !closed.get();
        } finally {
            if (permit) {
                permits.release();
            }
        }
    }

    private void wakeReceiver() {
        if (sleepingForReply) {
            Thread t = receiverThread;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    private void send(int type, int callId) throws IOException {
        long deadlineNs = System.nanoTime() + node.ioTimeoutMillis() * 1_000_000L;
        node.statistics().bytesSent.add(publisher.publish(type, callId, reply.array, 0, reply.position, deadlineNs,
                sendGuard));
    }

    @Override
    public long remoteNodeId() {
        return remoteHandshake.nodeId();
    }

    @Override
    public Handshake remoteHandshake() {
        return remoteHandshake;
    }

    @Override
    public Handshake localHandshake() {
        return localHandshake;
    }

    /** Always true: a peer that shares this node's memory runs on this host. */
    @Override
    public boolean peerOnThisHost() {
        return true;
    }

    @Override
    public Technology technology() {
        return node.technology();
    }

    @Override
    public WireBuffer request() {
        return request;
    }

    @Override
    public WireBuffer reply() {
        return reply;
    }

    @Override
    public void sendReply() throws IOException {
        if (!replyPending) {
            throw new IllegalStateException("no call awaits a reply on " + this);
        }
        try {
            checkSendable();
            send(MessageType.REPLY, currentCallId);
        } catch (IOException | RuntimeException e) {
            close(e.getMessage());
            throw e;
        } finally {
            replyPending = false;
            wakeReceiver();
        }
    }

    @Override
    public void close() {
        close("closed by the handler");
    }

    /** Closes from any thread: the state word tells the client; the receiver thread then ends. */
    void close(String reason) {
        if (closed.compareAndSet(false, true)) {
            closeReason = reason == null ? "closed" : reason;
            file.putServerStateRelease(ChannelDescriptor.STATE_CLOSED);
            publisher.wakeConsumer(); // a client sleeping for a REPLY sees the state word now
            node.unregisterWaiter(waiter);
            waiter.unpark();
            if (receiverThread != null) {
                LockSupport.unpark(receiverThread);
            }
        }
    }

    private static long nowNotBusy() {
        long now = System.nanoTime();
        return now == BUSY ? now + 1 : now;
    }

    /** When this channel began waiting with no call in flight, or {@link #BUSY}. */
    long idleSinceNs() {
        return idleSinceNs.get();
    }

    /**
     * Closes this channel if it is idle (no call in flight, no frame begun), atomically with
     * respect to its receiver picking up a frame.
     *
     * @return whether it was idle and is now closed
     */
    boolean retire(String reason) {
        long since = idleSinceNs.get();
        if (since == BUSY || !idleSinceNs.compareAndSet(since, BUSY)) {
            return false;
        }
        close(reason);
        return true;
    }

    void markAccepted() {
        file.putServerStateRelease(ChannelDescriptor.STATE_OPEN);
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public void attach(Object attachment) {
        this.attachment = attachment;
    }

    private void checkSendable() throws IOException {
        if (closed.get()) {
            throw new IOException("parastation: connection from node " + peer.port() + " is closed: " + closeReason);
        }
        peer.checkAlive();
        if (file.clientStateAcquire() == ChannelDescriptor.STATE_CLOSED) {
            throw new IOException("parastation: node " + peer.port() + " closed the connection");
        }
    }

    private void checkReceivable() throws IOException {
        if (closed.get()) {
            throw new IOException("parastation: connection from node " + peer.port() + " is closed: " + closeReason);
        }
        if (file.clientToServer().sizeAcquire() == 0) {
            peer.checkAlive();
            if (file.clientStateAcquire() == ChannelDescriptor.STATE_CLOSED) {
                throw new IOException("parastation: node " + peer.port() + " closed the connection");
            }
        }
    }

    @Override
    public String toString() {
        return "parastation server channel " + peer.port() + "-" + seq + " at node " + node.port();
    }
}
