package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;

import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.ManyToOneRingBuffer;
import org.karmi.tech.parastation.internal.ring.RingCorruptedException;

/**
 * One life of the ParaStation technology (from {@code start} to {@code close}): this node's
 * file and port in the domain, the peers it talks to, its client channels (pooled) and server
 * channels, and the {@link Conductor} thread. Thread-safe.
 */
final class ParaStationNode {

    private static final System.Logger LOG = System.getLogger(ParaStationNode.class.getName());
    private static final long CLOSE_JOIN_MS = 2_000;

    private final ParaStationConfig config;
    private final TechnologyContext context;
    private final Technology technology;
    private final DomainDirectory domain;
    private final int port;
    private final NodeFile nodeFile;
    private final Utid utid;
    private final ParaStationStatistics statistics;
    private final FailureLog failures;
    private final Map<Integer, PeerNode> peers = new ConcurrentHashMap<>();
    private final Set<ClientChannel> clients = ConcurrentHashMap.newKeySet();
    private final Set<ServerChannel> servers = ConcurrentHashMap.newKeySet();
    private final Map<Integer, ConcurrentLinkedDeque<ClientChannel>> pools = new ConcurrentHashMap<>();
    private final Map<ServerChannel, Thread> receivers = new ConcurrentHashMap<>();
    private final AtomicInteger channelSeq = new AtomicInteger();
    private final Doorbell doorbell;
    private final SpinPermits spinPermits;
    private final Conductor conductor;
    private final Thread conductorThread;
    private volatile boolean closed;

    private ParaStationNode(ParaStationConfig config, TechnologyContext context, Technology technology,
            DomainDirectory domain, int port, NodeFile nodeFile, Doorbell doorbell, ParaStationStatistics statistics) {
        this.config = config;
        this.context = context;
        this.technology = technology;
        this.domain = domain;
        this.port = port;
        this.nodeFile = nodeFile;
        this.utid = ParaStationAddress.utid(domain.domainId(), port);
        this.doorbell = doorbell;
        this.spinPermits = domain.spinPermits(nodeFile, config.spinningWaitersLimit());
        this.statistics = statistics;
        this.failures = new FailureLog(config.failureLogIntervalMs());
        this.conductor = new Conductor(this, doorbell);
        this.conductorThread = new Thread(conductor, "karmi-parastation-conductor-" + port);
        this.conductorThread.setDaemon(true);
    }

    /**
     * Opens the domain, reclaims dead nodes' files, takes a port and starts the conductor.
     *
     * @throws IOException if the domain directory cannot be used (the message names it)
     */
    static ParaStationNode start(ParaStationConfig config, TechnologyContext context, Technology technology)
            throws IOException {
        DomainDirectory domain = DomainDirectory.open(config.domainDirectory());
        int reclaimed = domain.reclaimDeadNodes();
        if (reclaimed > 0) {
            LOG.log(Level.INFO, "parastation: reclaimed " + reclaimed + " files of dead nodes in " + domain.directory());
        }
        for (int attempt = 0; ; attempt++) {
            int port = domain.allocatePort();
            try {
                Path bellPath = domain.doorbellPath(port);
                NodeFile file = NodeFile.create(domain.nodeFile(port), port, domain.domainId(), bellPath);
                ParaStationStatistics statistics = new ParaStationStatistics();
                Doorbell bell = bindDoorbell(bellPath, file, statistics);
                ParaStationNode node = new ParaStationNode(config, context, technology, domain, port, file, bell,
                        statistics);
                node.conductorThread.start();
                return node;
            } catch (FileAlreadyExistsException e) {
                if (attempt > 1000) {
                    throw new IOException("parastation: no free port in " + domain.directory(), e);
                }
            }
        }
    }

    private static Doorbell bindDoorbell(Path path, NodeFile file, ParaStationStatistics statistics) {
        if (path == null) {
            LOG.log(Level.WARNING, "parastation: no doorbell path short enough for a UNIX-domain socket; sleeping"
                    + " receivers of node " + file.port() + " wake only at their safety timeout");
            return null;
        }
        try {
            return Doorbell.bind(path, statistics);
        } catch (IOException | RuntimeException e) {
            file.clearDoorbellRelease();
            LOG.log(Level.WARNING, "parastation: cannot bind the doorbell " + path + "; sleeping receivers of node "
                    + file.port() + " wake only at their safety timeout", e);
            return null;
        }
    }

    ParaStationConfig config() { return config; }
    Technology technology() { return technology; }
    InboundHandler inbound() { return context.inbound(); }
    long ioTimeoutMillis() { return context.ioTimeoutMillis(); }
    /** The node-wide budget for bytes of frames being reassembled (shared with the other technologies). */
    InboundByteBudget budget() { return context.inboundBudget(); }
    FailureLog failures() { return failures; }
    int port() { return port; }
    Utid utid() { return utid; }
    long domainId() { return domain.domainId(); }
    DomainDirectory domain() { return domain; }
    NodeFile nodeFile() { return nodeFile; }

    /** Registers a waiter for a channel end; one that no doorbell rings if the node has none. */
    Waiter registerWaiter() {
        return doorbell != null ? doorbell.register() : new Waiter(-1);
    }

    void unregisterWaiter(Waiter w) {
        if (doorbell != null) {
            doorbell.unregister(w);
        }
    }
    ParaStationStatistics statistics() { return statistics; }
    /** The domain's permits to busy-wait, shared by this node's waiters. */
    SpinPermits spinPermits() { return spinPermits; }
    boolean isClosed() { return closed; }

    Handshake localHandshake() {
        return Handshake.of(context);
    }

    // ------------------------------------------------------------------ client side

    Connection acquire(Utid remote, long timeoutMillis) throws IOException {
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("timeout must be positive: " + timeoutMillis);
        }
        if (closed) {
            throw new IOException("parastation: technology of node " + port + " is closed");
        }
        if (!ParaStationAddress.inDomain(remote, domain.domainId())) {
            throw new ConnectException("parastation: " + remote + " is not in domain "
                    + Long.toHexString(domain.domainId()) + " (" + domain.directory() + ")");
        }
        int remotePort = ParaStationAddress.port(remote.address());
        ConcurrentLinkedDeque<ClientChannel> pool = pools.get(remotePort);
        if (pool != null) {
            ClientChannel ch;
            while ((ch = pool.pollFirst()) != null) {
                if (ch.isOpen()) {
                    return ch;
                }
                ch.closeOwned("found broken in the pool");
            }
        }
        return connect(remotePort, System.nanoTime() + timeoutMillis * 1_000_000L);
    }

    private ClientChannel connect(int remotePort, long deadlineNs) throws IOException {
        PeerNode peer = peer(remotePort);
        int seq = channelSeq.incrementAndGet();
        Path path = domain.channelFile(port, seq);
        ChannelFile file = ChannelFile.create(path, config.ringCapacity(), seq, port, remotePort);
        ClientChannel ch = new ClientChannel(this, peer, file, seq);
        clients.add(ch);
        try {
            ch.handshake(localHandshake(), deadlineNs);
            statistics.connectionsOpened.increment();
            statistics.connectionsOpen.increment();
            if (closed) {
                ch.closeOwned("technology closed");
                throw new IOException("parastation: technology of node " + port + " is closed");
            }
            return ch;
        } catch (SocketTimeoutException e) {
            ch.closeOwned(e.getMessage());
            SocketTimeoutException t = new SocketTimeoutException("parastation: node " + remotePort
                    + " did not complete the handshake in time");
            t.initCause(e);
            throw t;
        } catch (IOException | RuntimeException e) {
            ch.closeOwned(e.getMessage());
            throw e;
        } finally {
            Files.deleteIfExists(path); // both ends have it mapped (or it failed): nothing to reclaim later
        }
    }

    /** Posts the connect request for channel {@code seq} into the peer's accept ring. */
    void postConnect(PeerNode peer, int seq, long deadlineNs) throws IOException {
        byte[] msg = new byte[NodeDescriptor.CONNECT_LENGTH];
        java.nio.ByteBuffer.wrap(msg).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .putInt(NodeDescriptor.CONNECT_CLIENT_PORT_OFFSET, port)
                .putInt(NodeDescriptor.CONNECT_SEQ_OFFSET, seq);
        ManyToOneRingBuffer ring = peer.file().acceptRing();
        IdleStrategy idle = config.newIdleStrategy();
        try {
            while (!ring.write(NodeDescriptor.CONNECT_MSG_TYPE_ID, msg, 0, msg.length)) {
                peer.checkAlive();
                if (System.nanoTime() - deadlineNs > 0) {
                    throw new SocketTimeoutException("parastation: the accept ring of node " + peer.port()
                            + " stayed full");
                }
                idle.idle();
            }
        } catch (RingCorruptedException e) {
            throw new ConnectException("parastation: the accept ring of node " + peer.port() + " is corrupt: "
                    + e.getMessage());
        }
        peer.conductor().wakeIfSleeping();
    }

    /**
     * The live peer at {@code remotePort}, mapping its node file on first use.
     *
     * @throws ConnectException if no live node has that port
     */
    PeerNode peer(int remotePort) throws IOException {
        PeerNode p = peers.get(remotePort);
        if (p != null && !p.isDead()) {
            return p;
        }
        NodeFile file;
        try {
            file = NodeFile.open(domain.nodeFile(remotePort));
        } catch (NoSuchFileException e) {
            throw new ConnectException("parastation: no node at port " + remotePort + " in " + domain.directory());
        }
        if (file.stateAcquire() == NodeDescriptor.STATE_CLOSED) {
            throw new ConnectException("parastation: node " + remotePort + " has closed");
        }
        if (!ProcessLiveness.isAlive(file.pid(), file.startMillis())) {
            domain.deleteNodeFiles(remotePort);
            throw new ConnectException("parastation: node " + remotePort + " (pid " + file.pid() + ") is dead");
        }
        PeerNode fresh = new PeerNode(remotePort, file, statistics);
        PeerNode raced = peers.merge(remotePort, fresh, (old, neu) -> old.isDead() ? neu : old);
        return raced;
    }

    void releaseToPool(ClientChannel ch) {
        if (closed) {
            ch.closeOwned("technology closed");
            return;
        }
        ConcurrentLinkedDeque<ClientChannel> pool = pools.get(ch.peer().port());
        if (pool == null) { // no lambda: its first link costs a fresh JVM milliseconds on the first release
            ConcurrentLinkedDeque<ClientChannel> fresh = new ConcurrentLinkedDeque<>();
            pool = pools.putIfAbsent(ch.peer().port(), fresh);
            if (pool == null) {
                pool = fresh;
            }
        }
        pool.offerFirst(ch);
    }

    void removeClient(ClientChannel ch) {
        if (clients.remove(ch) && ch.remoteHandshake() != null) {
            statistics.connectionsOpen.decrement();
        }
        ConcurrentLinkedDeque<ClientChannel> pool = pools.get(ch.peer().port());
        if (pool != null) {
            pool.remove(ch);
        }
    }

    // ------------------------------------------------------------------ server side

    /** Called by the conductor for each connect request in the accept ring. */
    void accept(int clientPort, int seq) {
        if (closed) {
            return;
        }
        try {
            PeerNode client = peer(clientPort);
            ChannelFile file = ChannelFile.open(domain.channelFile(clientPort, seq), clientPort, port);
            if (servers.size() >= config.maxConnections() && !retireLongestIdle()) {
                refuseOverLimit(client, file, clientPort, seq);
                return;
            }
            ServerChannel ch = new ServerChannel(this, client, file, seq);
            ch.markAccepted();
            Thread t = new Thread(ch, ch.threadName());
            t.setDaemon(true);
            servers.add(ch);
            receivers.put(ch, t);
            t.start();
        } catch (IOException | RuntimeException e) {
            statistics.connectionsRefused.increment();
            failures.requestRefused("parastation: node " + port + " ignored connect request " + clientPort + "-" + seq
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * At the connection limit: closes the server channel that has waited longest with no call
     * in flight, so that idle channels can never lock new clients out (their clients find them
     * closed and connect again).
     *
     * @return whether one was closed
     */
    private boolean retireLongestIdle() {
        for (int attempt = 0; attempt < 3; attempt++) { // the chosen one may pick up a call meanwhile
            ServerChannel oldest = null;
            long oldestSince = 0;
            for (ServerChannel ch : servers) {
                long since = ch.idleSinceNs();
                if (since != ServerChannel.BUSY && (oldest == null || since - oldestSince < 0)) {
                    oldest = ch;
                    oldestSince = since;
                }
            }
            if (oldest == null) {
                return false;
            }
            long idleMs = (System.nanoTime() - oldestSince) / 1_000_000;
            if (oldest.retire("retired after " + idleMs + " ms idle to admit a new connection at the limit of "
                    + config.maxConnections())) {
                statistics.connectionsRetired.increment();
                failures.requestRefused("parastation: node " + port + " at its limit of " + config.maxConnections()
                        + " connections retired " + oldest + ", idle for " + idleMs + " ms", null);
                return true;
            }
        }
        return false;
    }

    /**
     * Answers a connect request at the limit with every channel busy: REFUSE (code 4) into the
     * channel, without waiting and without a thread, then the closed state word.
     */
    private void refuseOverLimit(PeerNode client, ChannelFile file, int clientPort, int seq) {
        String message = "node over its limit of " + config.maxConnections()
                + " parastation connections, each with a call in flight";
        WireBuffer refusal = new WireBuffer(128);
        Handshake.writeRefusal(refusal, Handshake.REFUSED_UNAVAILABLE, message);
        FramePublisher publisher = new FramePublisher(file.serverToClient(), config.newIdleStrategy(),
                new WakeTarget(file.clientWakeWord(), client.ringer()));
        try {
            publisher.publish(MessageType.REFUSE, 0, refusal.array, 0, refusal.position, System.nanoTime(),
                    ChannelGuard.NONE);
        } catch (IOException e) {
            // its ring is full (a client that is no KaRMI node): the closed state word below tells it
        }
        file.putServerStateRelease(ChannelDescriptor.STATE_CLOSED);
        publisher.wakeConsumer();
        statistics.connectionsRefused.increment();
        failures.requestRefused("parastation: node " + port + " refused connect request " + clientPort + "-" + seq
                + ": " + message, null);
    }

    void removeServer(ServerChannel ch) {
        servers.remove(ch);
        receivers.remove(ch);
    }

    // ------------------------------------------------------------------ liveness (conductor)

    /** Heartbeat, peer liveness and the idle-connection watchdog; returns work done. */
    int duty(long nowMs) {
        nodeFile.putHeartbeatRelease(nowMs);
        int work = 0;
        for (PeerNode peer : peers.values()) {
            boolean died = peer.checkAliveNow(nowMs, config.livenessTimeoutMs());
            if (peer.isDead() && peers.remove(peer.port(), peer)) {
                if (peer.processEnded()) {
                    reportDeath(peer);
                }
                closeChannelsOf(peer);
                work++;
            }
            if (died) {
                int n = domain.deleteNodeFiles(peer.port());
                statistics.peersDied.increment();
                failures.peerDied(peer.deathReason() + "; its connections are closed, " + n + " files reclaimed");
            }
        }
        for (ConcurrentLinkedDeque<ClientChannel> pool : pools.values()) {
            for (ClientChannel ch : pool) {
                if (nowMs - ch.idleSinceMs() > config.idleConnectionTimeoutMs() && pool.remove(ch)) {
                    ch.closeOwned("idle for longer than " + config.idleConnectionTimeoutMs() + " ms");
                    work++;
                }
            }
        }
        return work;
    }

    /** Tells the reference layer which KaRMI nodes ended with {@code peer}'s process. */
    private void reportDeath(PeerNode peer) {
        for (long n : peer.nodeIds()) {
            try {
                inbound().onPeerDied(n);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "parastation: the reference layer failed on the death of node " + Long.toHexString(n), e);
            }
        }
    }

    /** Every open channel, client and server ends (a snapshot for karmi:connections and health checks). */
    List<ConnectionInfo> connections() {
        List<ConnectionInfo> out = new ArrayList<>();
        long nowMs = System.currentTimeMillis();
        for (ClientChannel ch : clients) {
            ConcurrentLinkedDeque<ClientChannel> pool = pools.get(ch.peer().port());
            boolean pooled = pool != null && pool.contains(ch);
            Handshake r = ch.remoteHandshake();
            out.add(new ConnectionInfo(ParaStationAddress.TECHNOLOGY_NAME, false, r == null ? 0 : r.nodeId(),
                    "node " + ch.peer().port(), ConnectionInfo.serializerOf(r), state(ch.peer(), r == null, !pooled),
                    pooled ? Math.max(0, nowMs - ch.idleSinceMs()) : 0));
        }
        long nowNs = System.nanoTime();
        for (ServerChannel ch : servers) {
            Handshake r = ch.remoteHandshake();
            long since = ch.idleSinceNs();
            boolean busy = since == ServerChannel.BUSY;
            out.add(new ConnectionInfo(ParaStationAddress.TECHNOLOGY_NAME, true, r == null ? 0 : r.nodeId(),
                    "node " + ch.peer().port(), ConnectionInfo.serializerOf(ch.localHandshake()),
                    state(ch.peer(), r == null, busy), busy ? 0 : Math.max(0, (nowNs - since) / 1_000_000)));
        }
        return out;
    }

    private static String state(PeerNode peer, boolean handshaking, boolean inCall) {
        return peer.isDead() ? ConnectionInfo.PEER_DEAD : handshaking ? ConnectionInfo.HANDSHAKE
                : inCall ? ConnectionInfo.IN_CALL : ConnectionInfo.IDLE;
    }

    private void closeChannelsOf(PeerNode peer) {
        String reason = peer.deathReason();
        for (ClientChannel ch : clients) {
            if (ch.peer() == peer) {
                ch.close(reason);
            }
        }
        for (ServerChannel ch : servers) {
            if (ch.peer() == peer) {
                ch.close(reason);
            }
        }
    }

    // ------------------------------------------------------------------ close

    void close() {
        if (closed) {
            return;
        }
        closed = true;
        String reason = "parastation: technology of node " + port + " closed";
        conductor.stop();
        join(conductorThread);
        for (ConcurrentLinkedDeque<ClientChannel> pool : pools.values()) {
            ClientChannel ch;
            while ((ch = pool.pollFirst()) != null) {
                ch.closeOwned(reason);
            }
        }
        for (ClientChannel ch : new ArrayList<>(clients)) {
            ch.close(reason);
        }
        List<Thread> threads = new ArrayList<>(receivers.values());
        for (ServerChannel ch : new ArrayList<>(servers)) {
            ch.close(reason);
        }
        for (Thread t : threads) {
            join(t);
        }
        for (PeerNode peer : peers.values()) {
            peer.markDead(reason);
        }
        nodeFile.putStateRelease(NodeDescriptor.STATE_CLOSED);
        if (doorbell != null) {
            doorbell.close();
        }
        domain.deleteNodeFiles(port);
    }

    private static void join(Thread t) {
        if (t == Thread.currentThread()) {
            return;
        }
        try {
            t.join(CLOSE_JOIN_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (t.isAlive()) {
            LOG.log(Level.WARNING, "parastation: thread " + t.getName() + " did not end within " + CLOSE_JOIN_MS
                    + " ms of close (a handler still running?)");
        }
    }

    @Override
    public String toString() {
        return "parastation node " + port + " in " + domain.directory();
    }
}
