package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.WireBuffer;

/**
 * The client end of one channel: writes CALL and ONE_WAY frames into the client-to-server ring
 * and waits for the REPLY in the server-to-client ring on the calling thread itself (spin;
 * yield while it holds one of the domain's {@link SpinPermits}; sleep until the server rings
 * its doorbell), with no system call while traffic flows and cores are free. Threading: one owning thread at a
 * time (the {@link Connection} contract); {@link #close(String)} may come from any thread.
 */
final class ClientChannel implements Connection {

    private final ParaStationNode node;
    private final PeerNode peer;
    private final ChannelFile file;
    private final int seq;
    private final FramePublisher publisher;
    private final FrameReceiver receiver;
    private final Waiter waiter;
    private final WireBuffer request = new WireBuffer(256);
    private final WireBuffer reply = new WireBuffer(256);
    private final ChannelGuard sendGuard = this::checkSendable;
    private final ChannelGuard receiveGuard = this::checkReceivable;
    private final AtomicBoolean closed = new AtomicBoolean();

    private volatile String closeReason;
    private volatile long idleSinceMs;
    private Handshake remoteHandshake;
    private int callId;
    private Object attachment;

    ClientChannel(ParaStationNode node, PeerNode peer, ChannelFile file, int seq) {
        this.node = node;
        this.peer = peer;
        this.file = file;
        this.seq = seq;
        ParaStationConfig config = node.config();
        this.waiter = node.registerWaiter();
        this.publisher = new FramePublisher(file.clientToServer(), config.newIdleStrategy(),
                new WakeTarget(file.serverWakeWord(), peer.ringer()));
        this.receiver = new FrameReceiver(file.serverToClient(), config.newReceiverIdleStrategy(file.serverToClient(),
                file.clientWakeWord(), waiter, node.spinPermits(), node.statistics()), config.maxMessageBytes(),
                node.budget(),
                node.ioTimeoutMillis() * 1_000_000L);
    }

    /** Sends HELLO, asks the server's conductor to accept, waits for HELLO_ACK or REFUSE. */
    void handshake(Handshake local, long deadlineNs) throws IOException {
        request.clearForWrite(0);
        local.writeTo(request);
        node.statistics().bytesSent.add(
                publisher.publish(MessageType.HELLO, 0, request.array, 0, request.position, deadlineNs, sendGuard));
        node.postConnect(peer, seq, deadlineNs);
        receiver.begin(reply);
        receiver.receive(deadlineNs, receiveGuard);
        node.statistics().bytesReceived.add(receiver.bytes());
        int type = receiver.frameType();
        if (type == MessageType.HELLO_ACK) {
            remoteHandshake = Handshake.readFrom(reply);
            peer.sawNode(remoteHandshake.nodeId());
            receiver.finish();
        } else if (type == MessageType.REFUSE) {
            throw new IOException("parastation: " + Handshake.readRefusal(reply));
        } else {
            throw new StreamCorruptedException("parastation: expected HELLO_ACK, got " + MessageType.name((byte) type));
        }
    }

    PeerNode peer() {
        return peer;
    }

    int seq() {
        return seq;
    }

    long idleSinceMs() {
        return idleSinceMs;
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
    public Technology technology() {
        return node.technology();
    }

    @Override
    public WireBuffer request() {
        request.clearForWrite(0);
        return request;
    }

    @Override
    public WireBuffer call(long timeoutMillis) throws IOException {
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive: " + timeoutMillis);
        }
        checkSendable();
        final int id = ++callId;
        final long deadlineNs = System.nanoTime() + timeoutMillis * 1_000_000L;
        final ParaStationStatistics stats = node.statistics();
        try {
            stats.bytesSent.add(publisher.publish(MessageType.CALL, id, request.array, 0, request.position,
                    deadlineNs, sendGuard));
            stats.callsSent.increment();
            receiver.begin(reply);
            receiver.receive(deadlineNs, receiveGuard);
            stats.bytesReceived.add(receiver.bytes());
            int type = receiver.frameType();
            if (type == MessageType.REPLY && receiver.callId() == id) {
                return reply;
            }
            if (type == MessageType.CLOSE) {
                throw new IOException("parastation: node " + peer.port() + " closed the connection during a call");
            }
            throw new StreamCorruptedException("parastation: expected REPLY to call " + id + ", got "
                    + MessageType.name((byte) type) + " for call " + receiver.callId());
        } catch (IOException | RuntimeException e) {
            countFailure(e);
            closeOwned(e.getMessage());
            throw e;
        }
    }

    /** Counts a reply the server's process made malformed or left half-sent (the caller gets the exception). */
    private void countFailure(Exception e) {
        if (e instanceof StreamCorruptedException) {
            node.statistics().channelsMalformed.increment();
        } else if (e instanceof FrameAbandonedException) {
            node.statistics().framesAbandoned.increment();
        }
    }

    @Override
    public void oneWay() throws IOException {
        checkSendable();
        final long deadlineNs = System.nanoTime() + node.ioTimeoutMillis() * 1_000_000L;
        try {
            node.statistics().bytesSent.add(publisher.publish(MessageType.ONE_WAY, callId, request.array, 0,
                    request.position, deadlineNs, sendGuard));
            node.statistics().oneWaySent.increment();
        } catch (IOException | RuntimeException e) {
            closeOwned(e.getMessage());
            throw e;
        }
    }

    @Override
    public void release() {
        receiver.finish(); // the reply has been read: a grown buffer gives its budget bytes back before pooling
        if (isOpen()) {
            idleSinceMs = System.currentTimeMillis();
            node.releaseToPool(this);
        } else {
            discard();
        }
    }

    @Override
    public void discard() {
        closeOwned("discarded by its user");
    }

    @Override
    public boolean isOpen() {
        return !closed.get() && !peer.isDead() && file.serverStateAcquire() != ChannelDescriptor.STATE_CLOSED;
    }

    @Override
    public Object attachment() {
        return attachment;
    }

    @Override
    public void attach(Object attachment) {
        this.attachment = attachment;
    }

    /** Closes from the owning thread: also tells the server with a CLOSE frame if it fits. */
    void closeOwned(String reason) {
        if (close(reason)) {
            publisher.tryPublishEmpty(MessageType.CLOSE, callId);
        }
    }

    /**
     * Closes from any thread: marks the channel closed for a waiting owner and the server
     * (state word); never writes into the ring, which only the owner may.
     *
     * @return whether this call closed it
     */
    boolean close(String reason) {
        if (!closed.compareAndSet(false, true)) {
            return false;
        }
        closeReason = reason == null ? "closed" : reason;
        receiver.releaseBudget();
        file.putClientStateRelease(ChannelDescriptor.STATE_CLOSED);
        publisher.wakeConsumer(); // a sleeping server receiver sees the state word now
        node.unregisterWaiter(waiter);
        waiter.unpark(); // a caller of ours sleeping for a REPLY sees the close now
        node.removeClient(this);
        return true;
    }

    private void checkSendable() throws IOException {
        if (closed.get()) {
            throw new IOException("parastation: connection to node " + peer.port() + " is closed: " + closeReason);
        }
        peer.checkAlive();
        if (file.serverStateAcquire() == ChannelDescriptor.STATE_CLOSED) {
            throw new IOException("parastation: node " + peer.port() + " closed the connection");
        }
    }

    private void checkReceivable() throws IOException {
        if (closed.get()) {
            throw new IOException("parastation: connection to node " + peer.port() + " is closed: " + closeReason);
        }
        if (file.serverToClient().sizeAcquire() == 0) { // what the server sent before dying or closing still counts
            peer.checkAlive();
            if (file.serverStateAcquire() == ChannelDescriptor.STATE_CLOSED) {
                throw new IOException("parastation: node " + peer.port() + " closed the connection");
            }
        }
    }

    @Override
    public String toString() {
        return "parastation client channel " + node.port() + "-" + seq + " to node " + peer.port();
    }
}
