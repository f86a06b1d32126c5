package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.BackoffIdleStrategy;
import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.OneToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RecordDescriptor;

/**
 * A client node driven by hand, for hostile-input tests: its own node file (naming this or
 * another process as its owner), one channel to a server, and the raw rings, so that a test
 * can write what no well-behaved node writes. Not thread-safe.
 */
final class RawPeer {

    /** Ring capacity of the channel: records of at most 2 040 bytes. */
    static final int RING_CAPACITY = 16 * 1024;

    private final DomainDirectory domain;
    private final int port;
    private final Path nodeFilePath;
    private final ParaStationStatistics statistics = new ParaStationStatistics();
    private ChannelFile channel;
    private FramePublisher publisher;
    private NodeFile server;

    private RawPeer(DomainDirectory domain, int port, Path nodeFilePath) {
        this.domain = domain;
        this.port = port;
        this.nodeFilePath = nodeFilePath;
    }

    /** A peer owned by this JVM. */
    static RawPeer create(Path domainDirectory) throws IOException {
        return create(domainDirectory, ProcessHandle.current());
    }

    /** A peer whose node file names {@code owner} as its process: it dies when that process does. */
    static RawPeer create(Path domainDirectory, ProcessHandle owner) throws IOException {
        DomainDirectory d = DomainDirectory.open(domainDirectory);
        int port = d.allocatePort();
        Path path = d.nodeFile(port);
        NodeFile.create(path, port, d.domainId(), null);
        MappedByteBuffer b = ShmFile.open(path, NodeDescriptor.HEADER_LENGTH);
        ByteBufferAccess.putLong(b, NodeDescriptor.PID_OFFSET, owner.pid());
        ByteBufferAccess.putLong(b, NodeDescriptor.START_MILLIS_OFFSET,
                owner.info().startInstant().map(Instant::toEpochMilli).orElse(0L));
        return new RawPeer(d, port, path);
    }

    int port() {
        return port;
    }

    private static IdleStrategy idle() {
        return new BackoffIdleStrategy(10, 10, 1_000, 1_000_000);
    }

    /** Opens a channel to the node at {@code serverPort} with a well-formed handshake. */
    void connect(int serverPort, long timeoutMs) throws IOException {
        long deadlineNs = System.nanoTime() + timeoutMs * 1_000_000L;
        Path path = domain.channelFile(port, 1);
        channel = ChannelFile.create(path, RING_CAPACITY, 1, port, serverPort);
        server = NodeFile.open(domain.nodeFile(serverPort));
        DoorbellRinger ringer = new DoorbellRinger(server.doorbellPath(), statistics);
        publisher = new FramePublisher(channel.clientToServer(), idle(),
                new WakeTarget(channel.serverWakeWord(), ringer));
        WireBuffer hello = new WireBuffer(256);
        Handshake.of(new TestContext()).writeTo(hello);
        publisher.publish(MessageType.HELLO, 0, hello.array, 0, hello.position, deadlineNs, ChannelGuard.NONE);
        byte[] connect = new byte[NodeDescriptor.CONNECT_LENGTH];
        ByteBuffer.wrap(connect).order(ByteOrder.LITTLE_ENDIAN).putInt(NodeDescriptor.CONNECT_CLIENT_PORT_OFFSET, port)
                .putInt(NodeDescriptor.CONNECT_SEQ_OFFSET, 1);
        if (!server.acceptRing().write(NodeDescriptor.CONNECT_MSG_TYPE_ID, connect, 0, connect.length)) {
            throw new IOException("accept ring of node " + serverPort + " is full");
        }
        new WakeTarget(server.conductorWakeWord(), ringer).wakeIfSleeping();
        FrameReceiver receiver = new FrameReceiver(channel.serverToClient(), idle(), 1 << 20);
        receiver.begin(new WireBuffer(256));
        receiver.receive(deadlineNs, ChannelGuard.NONE);
        Files.deleteIfExists(path);
        if (receiver.frameType() != MessageType.HELLO_ACK) {
            throw new IOException("expected HELLO_ACK, got " + MessageType.name((byte) receiver.frameType()));
        }
    }

    /** Creates a channel and posts its connect request but never says HELLO (a slot taken for nothing). */
    void connectWithoutHello(int serverPort) throws IOException {
        channel = ChannelFile.create(domain.channelFile(port, 1), RING_CAPACITY, 1, port, serverPort);
        server = NodeFile.open(domain.nodeFile(serverPort));
        byte[] connect = new byte[NodeDescriptor.CONNECT_LENGTH];
        ByteBuffer.wrap(connect).order(ByteOrder.LITTLE_ENDIAN).putInt(NodeDescriptor.CONNECT_CLIENT_PORT_OFFSET, port)
                .putInt(NodeDescriptor.CONNECT_SEQ_OFFSET, 1);
        if (!server.acceptRing().write(NodeDescriptor.CONNECT_MSG_TYPE_ID, connect, 0, connect.length)) {
            throw new IOException("accept ring of node " + serverPort + " is full");
        }
        new WakeTarget(server.conductorWakeWord(), new DoorbellRinger(server.doorbellPath(), statistics))
                .wakeIfSleeping();
    }

    /** The ring this peer writes and the server reads. */
    OneToOneRingBuffer toServer() {
        return channel.clientToServer();
    }

    /** The server's state word of the channel: {@link ChannelDescriptor#STATE_CLOSED} once it gave up the channel. */
    int serverState() {
        return channel.serverStateAcquire();
    }

    /** The server's node file (its accept ring). */
    NodeFile server() {
        return server;
    }

    /** Writes one record of {@code msgTypeId} holding {@code message}; false if the ring is full now. */
    boolean tryWrite(int msgTypeId, byte[] message, int length) {
        if (!toServer().write(msgTypeId, message, 0, length)) {
            return false;
        }
        publisher.wakeConsumer();
        return true;
    }

    /**
     * Claims a record and publishes it with a length no producer writes (the record's header
     * rewritten after the claim), then wakes the server.
     */
    void writeRecordWithLength(int msgTypeId, int claimedLength, int writtenLength) {
        OneToOneRingBuffer ring = toServer();
        int index = ring.tryClaim(msgTypeId, claimedLength);
        int recordIndex = index - RecordDescriptor.HEADER_LENGTH;
        ByteBufferAccess.putIntRelease(ring.buffer(), RecordDescriptor.lengthOffset(recordIndex), writtenLength);
        publisher.wakeConsumer();
    }

    /** Keeps the heartbeat fresh (tests that outlast the liveness timeout). */
    void heartbeat() throws IOException {
        MappedByteBuffer b = ShmFile.open(nodeFilePath, NodeDescriptor.HEADER_LENGTH);
        ByteBufferAccess.putLongRelease(b, NodeDescriptor.HEARTBEAT_OFFSET, System.currentTimeMillis());
    }
}
