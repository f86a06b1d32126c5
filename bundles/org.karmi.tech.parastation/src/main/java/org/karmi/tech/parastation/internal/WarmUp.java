package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.nio.file.Path;

import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * Runs the code of a node's first connection once, on the conductor thread as the node starts,
 * so that the first connection after a lookup does not pay for it: in a fresh JVM the first
 * connect took 50-100 ms here (loaded 2-core machine; 32-41 ms in the benchmark), nearly all of
 * it loading, linking and initialising classes on both ends (mapping a peer's node file, making
 * a channel file, the channel classes, the first UNIX-domain socket connection to a doorbell,
 * reading and answering a handshake), not the shared memory itself (creating and mapping a
 * channel file of 2 MiB is a truncate and an mmap: tmpfs pages stay untouched until used).
 * Touches nothing another node could see except a channel file of its own under sequence 0
 * (never a real channel's), deleted at once, and one ring of its own doorbell with the
 * conductor's slot; counts nothing in the node's statistics. Failures are logged at DEBUG and
 * ignored: the real connection will report them. Stateless; one call per node start.
 */
final class WarmUp {

    private static final System.Logger LOG = System.getLogger(WarmUp.class.getName());
    /** Classes of a connection's both ends and their failure paths. */
    private static final String[] CLASSES = {
        "ClientChannel", "ServerChannel", "ChannelFile", "ChannelDescriptor", "ChannelGuard", "FramePublisher",
        "FrameReceiver", "FrameDescriptor", "DoorbellIdleStrategy", "WakeTarget", "PeerNode", "DoorbellRinger",
        "MalformedFrameException", "FrameAbandonedException", "ring.OneToOneRingBuffer", "ring.RecordDescriptor",
        "ring.BackoffIdleStrategy", "ring.RingCorruptedException",
    };

    private WarmUp() {
    }

    /** Warms the connection path of {@code node}; returns the nanoseconds it took. */
    static long run(ParaStationNode node) {
        long t0 = System.nanoTime();
        try {
            loadClasses();
            handshake(node);
            channel(node);
            doorbell(node);
        } catch (IOException | RuntimeException | LinkageError e) {
            LOG.log(Level.DEBUG, () -> "parastation: warming the connection path of node " + node.port() + " failed: "
                    + e);
        }
        long tookNs = System.nanoTime() - t0;
        LOG.log(Level.DEBUG, () -> "parastation: node " + node.port() + " warmed its connection path in "
                + tookNs / 1_000 + " us");
        return tookNs;
    }

    private static void loadClasses() {
        String prefix = WarmUp.class.getPackageName() + ".";
        ClassLoader loader = WarmUp.class.getClassLoader();
        for (String name : CLASSES) {
            try {
                Class.forName(prefix + name, true, loader);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("parastation: class " + name + " is missing", e);
            }
        }
    }

    /** Writes, reads, checks and answers this node's own hello, as both ends of a connection do. */
    private static void handshake(ParaStationNode node) throws IOException {
        Handshake local = node.localHandshake();
        WireBuffer b = new WireBuffer(256);
        b.clearForWrite(0);
        local.writeTo(b);
        b.flipForRead(0, b.position);
        Handshake hello = Handshake.readFrom(b);
        if (local.checkCompatible(hello) == 0) {
            Handshake answer = local.answer(hello);
            b.clearForWrite(0);
            answer.writeTo(b);
            b.flipForRead(0, b.position);
            Handshake.readFrom(b);
        }
    }

    /**
     * Maps its own node file as a peer, creates, opens and deletes a small channel file, and
     * sends a frame through one of its rings.
     */
    private static void channel(ParaStationNode node) throws IOException {
        ParaStationStatistics ignored = new ParaStationStatistics();
        NodeFile self = NodeFile.open(node.nodeFile().path());
        ProcessLiveness.isAlive(self.pid(), self.startMillis());
        new PeerNode(node.port(), self, ignored).ringer().close();
        Path path = node.domain().channelFile(node.port(), 0);
        try {
            ChannelFile.create(path, RingBufferDescriptor.MIN_CAPACITY, 0, node.port(), node.port());
            ChannelFile file = ChannelFile.open(path, node.port(), node.port());
            FramePublisher publisher = new FramePublisher(file.clientToServer(), node.config().newIdleStrategy());
            byte[] payload = new byte[64];
            long deadlineNs = System.nanoTime() + 1_000_000_000L;
            publisher.publish(MessageType.HELLO, 0, payload, 0, payload.length, deadlineNs, ChannelGuard.NONE);
            FrameReceiver receiver = new FrameReceiver(file.clientToServer(), node.config().newIdleStrategy(),
                    node.config().maxMessageBytes());
            WireBuffer target = new WireBuffer(256);
            receiver.begin(target);
            receiver.receive(deadlineNs, ChannelGuard.NONE);
            receiver.finish();
        } finally {
            Files.deleteIfExists(path);
        }
    }

    /** Connects to its own doorbell once (the first UNIX-domain connection of a JVM is slow) and rings the conductor. */
    private static void doorbell(ParaStationNode node) {
        Path bell = node.nodeFile().doorbellPath();
        if (bell != null) {
            try (DoorbellRinger ringer = new DoorbellRinger(bell, new ParaStationStatistics())) {
                ringer.ring(Doorbell.CONDUCTOR_SLOT);
            }
        }
    }
}
