package org.karmi.dgc.cluster.internal;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * A deterministic simulated domain for the cluster collector: nodes with a collector each
 * (driven by {@link ClusterCollector#doWork}, no threads), a model of the reference layer
 * (one stub per node and object, unreachable reports that may come late, replays after a
 * collector restart), and a network that is reliable and in order per (sender, receiver, kind)
 * but interleaves channels as the caller chooses. Application messages carry references;
 * collector messages carry what {@link CollectorContext#send} sent. Records every violation
 * of safety and every collector message sent from inside an event method. Not thread-safe.
 *
 * <p>A collector restart with hand-over follows the reference layer's sequence in three steps
 * ({@link #stopCollector}, {@link #installCollector}, {@link #finishReplay}): while it is away,
 * drops reach no collector, arrivals reach none (they show in the replay), collector messages
 * are kept in order and delivered after {@code replayed()}, references the node passes on are
 * replayed as {@code referenceSent} before {@code replayed()} (what {@code docs/DGC.md} 4.4
 * asks of the reference layer), and the node sends none of its
 * own objects under this collector (the reference layer governs those by another collector or
 * pins them). Unreachable reports never cross a hand-over (the reference layer orders arrivals
 * and drops under one monitor).
 */
final class Sim {

    static final String TECHNOLOGY = "sim";
    /** Held so that it keeps its level: the simulated runs log every death and lost decrement. */
    static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("org.karmi.dgc.cluster");

    static {
        QUIET.setLevel(java.util.logging.Level.SEVERE);
    }

    /** One direction between two nodes, for application messages or for the collector's. */
    record Channel(long from, long to, boolean collector) {
    }

    /** A message in flight: references (application) or collector bytes. */
    record Message(List<ObjectId> references, byte[] bytes) {
    }

    /** Where a node's collector is in a restart with hand-over. */
    enum Phase {
        /** Installed and replayed: normal operation. */
        RUNNING,
        /** Stopped after handing over; no collector of its name installed. */
        AWAY,
        /** Started with the handed-over state and told of the exported objects; the replay is to come. */
        INSTALLED
    }

    /** A kept collector message: who sent it and its bytes. */
    record Kept(long from, byte[] bytes) {
    }

    final class Node implements CollectorContext {
        final long id;
        final List<Utid> utids;
        boolean alive = true;
        ClusterCollector collector;
        boolean failSends;
        final Set<ObjectId> exported = new LinkedHashSet<>();
        final Set<ObjectId> stubs = new LinkedHashSet<>();
        final ArrayDeque<ObjectId> lateReports = new ArrayDeque<>();
        final ArrayDeque<Long> pendingFailures = new ArrayDeque<>();
        final List<ObjectId> unreferencedCalls = new ArrayList<>();
        Phase phase = Phase.RUNNING;
        /** What the last collector handed over, for the next one. */
        byte[] handedOver;
        /** Collector messages that arrived while the collector was away or not replayed yet. */
        final ArrayDeque<Kept> mail = new ArrayDeque<>();
        /** References to others' objects passed on while the collector was away: (object, destination). */
        final List<Map.Entry<ObjectId, Long>> passedWhileAway = new ArrayList<>();
        /** Own objects a reference to which went out under this collector. */
        final Set<ObjectId> sentOwn = new LinkedHashSet<>();
        long messagesSent;
        long bytesSent;
        /** Calls of {@link #send}, failed ones included. */
        long sendAttempts;

        Node(long id, boolean listens) {
            this.id = id;
            byte[] address = new byte[8];
            WireBuffer.putLong(address, 0, id);
            this.utids = listens ? List.of(new Utid(TECHNOLOGY, address)) : List.of();
        }

        @Override
        public long nodeId() {
            return id;
        }

        @Override
        public List<Utid> nodeUtids() {
            return utids;
        }

        @Override
        public long timeoutMillis() {
            return 1_000;
        }

        @Override
        public byte[] handedOver() {
            return handedOver == null ? null : handedOver.clone();
        }

        @Override
        public void send(List<Utid> destination, byte[] message) throws IOException {
            sendAttempts++;
            if (inEvent > 0) {
                eventTimeSends++;
            }
            Node to = byUtids(destination);
            if (to == null || !to.alive || failSends) {
                throw new IOException("node unreachable: " + destination);
            }
            messagesSent++;
            bytesSent += message.length;
            log.add(Long.toHexString(id) + " -> " + Long.toHexString(to.id) + " DGC " + message.length + " bytes");
            queue(new Channel(id, to.id, true)).add(new Message(null, message.clone()));
        }

        @Override
        public WireBuffer call(List<Utid> destination, byte[] request) throws IOException {
            throw new IOException("the cluster collector makes no calls");
        }

        @Override
        public void unreferenced(ObjectId objectId) {
            unreferencedCalls.add(objectId);
            if (holdersExist(objectId)) {
                violations.add("unreferenced(" + objectId + ") while held or in transit");
            }
        }

        void newCollector() {
            collector = new ClusterCollector(config, false);
            collector.start(this);
        }

        /** Whether a collector is installed (event methods reach it). */
        boolean installed() {
            return phase != Phase.AWAY;
        }
    }

    final ClusterConfig config;
    final Map<Long, Node> nodes = new LinkedHashMap<>();
    final Map<Channel, ArrayDeque<Message>> queues = new LinkedHashMap<>();
    final List<String> violations = new ArrayList<>();
    final List<String> log = new ArrayList<>();
    /** Objects a reference to which reached a node whose collector was away: the sender's count leaks by design. */
    final Set<ObjectId> arrivedWhileAway = new LinkedHashSet<>();
    long now = 1_000;
    int inEvent;
    long eventTimeSends;
    private long nextNumber = 1;

    Sim(ClusterConfig config) {
        this.config = config;
    }

    Node add(long id, boolean listens) {
        Node n = new Node(id, listens);
        nodes.put(id, n);
        n.newCollector();
        return n;
    }

    Node node(long id) {
        return nodes.get(id);
    }

    /** A new object of node {@code owner}. */
    ObjectId export(long owner) {
        ObjectId id = new ObjectId(owner, nextNumber++);
        Node n = node(owner);
        n.exported.add(id);
        event(() -> n.collector.exported(id));
        return id;
    }

    ArrayDeque<Message> queue(Channel c) {
        return queues.computeIfAbsent(c, k -> new ArrayDeque<>());
    }

    private Node byUtids(List<Utid> utids) {
        for (Utid u : utids) {
            if (u.technology().equals(TECHNOLOGY)) {
                return nodes.get(WireBuffer.getLong(u.address(), 0));
            }
        }
        return null;
    }

    private void event(Runnable r) {
        inEvent++;
        try {
            r.run();
        } finally {
            inEvent--;
        }
    }

    /**
     * Node {@code from} writes the references it can (objects it exported or holds a stub for)
     * into one application message to {@code to}.
     *
     * @return whether a message was written
     */
    boolean pass(long from, long to, ObjectId... ids) {
        Node s = node(from);
        Node r = node(to);
        List<ObjectId> refs = new ArrayList<>();
        for (ObjectId id : ids) {
            if (!s.alive || from == to) {
                continue;
            }
            if (s.exported.contains(id) && s.installed()) {
                refs.add(id);
                s.sentOwn.add(id);
                event(() -> s.collector.referenceSent(id, to));
            } else if (s.stubs.contains(id)) {
                refs.add(id);
                if (s.installed()) {
                    event(() -> s.collector.referenceSent(id, to));
                } else {
                    s.passedWhileAway.add(Map.entry(id, to));
                }
            }
        }
        if (refs.isEmpty()) {
            return false;
        }
        log.add(Long.toHexString(from) + " -> " + Long.toHexString(to) + " passes " + refs);
        if (r.alive) {
            queue(new Channel(from, to, false)).add(new Message(refs, null));
        }
        return true;
    }

    /** Delivers the oldest message of {@code c}, if any; false if it was empty. */
    boolean deliver(Channel c) {
        ArrayDeque<Message> q = queues.get(c);
        Message m = q == null ? null : q.poll();
        if (m == null) {
            return false;
        }
        Node r = node(c.to);
        if (!r.alive) {
            return true;
        }
        log.add("deliver " + Long.toHexString(c.from) + " -> " + Long.toHexString(c.to)
                + (m.references != null ? " refs " + m.references : " DGC " + m.bytes.length + " bytes"));
        if (m.references != null && !r.installed()) {
            for (ObjectId id : m.references) {
                arrivedWhileAway.add(id);
                if (id.nodeId() != r.id) {
                    r.stubs.add(id);
                }
            }
        } else if (m.references != null) {
            Node s = node(c.from);
            for (ObjectId id : m.references) {
                List<Utid> owner = node(id.nodeId()).utids;
                if (id.nodeId() == r.id) {
                    event(() -> r.collector.referenceReceived(id, owner, s.id, s.utids, false));
                } else {
                    boolean first = r.stubs.add(id);
                    event(() -> r.collector.referenceReceived(id, owner, s.id, s.utids, first));
                }
            }
        } else if (r.phase != Phase.RUNNING) {
            r.mail.add(new Kept(c.from, m.bytes));
        } else {
            onMessage(r, c.from, m.bytes);
        }
        return true;
    }

    private void onMessage(Node r, long from, byte[] bytes) {
        WireBuffer b = new WireBuffer(bytes.length + 7);
        System.arraycopy(bytes, 0, b.array, 3, bytes.length);
        b.flipForRead(3, 3 + bytes.length);
        event(() -> r.collector.onMessage(from, b));
    }

    /** The stub for {@code id} on {@code node} becomes unreachable; its report comes at once or later. */
    void drop(long node, ObjectId id, boolean late) {
        Node n = node(node);
        if (n.alive && n.stubs.remove(id)) {
            // reports never cross a hand-over: while it is away they reach no one, until replayed they are on time
            late &= n.phase == Phase.RUNNING;
            log.add(Long.toHexString(node) + " drops " + id + (late ? " (report late)" : "")
                    + (n.installed() ? "" : " (collector away)"));
            if (!n.installed()) {
                return;
            }
            if (late) {
                n.lateReports.add(id);
            } else {
                event(() -> n.collector.referenceUnreachable(id));
            }
        }
    }

    /** Delivers the oldest late unreachable report of {@code node}. */
    boolean report(long node) {
        Node n = node(node);
        ObjectId id = n.lateReports.poll();
        if (id == null || !n.alive) {
            return false;
        }
        log.add(Long.toHexString(node) + " late report " + id);
        event(() -> n.collector.referenceUnreachable(id));
        return true;
    }

    /** Advances the clock by {@code millis} and runs one flusher step on {@code node}. */
    int tick(long node, long millis) {
        now += millis;
        Node n = node(node);
        return n.alive && n.installed() ? n.collector.doWork(now) : 0;
    }

    /**
     * Node {@code id} dies: each of its outgoing channels keeps a prefix ({@code rnd} picks how
     * long), messages to it vanish, and every survivor is to be told later.
     */
    void kill(long id, Random rnd) {
        Node d = node(id);
        d.alive = false;
        for (Map.Entry<Channel, ArrayDeque<Message>> e : queues.entrySet()) {
            ArrayDeque<Message> q = e.getValue();
            if (e.getKey().to == id) {
                q.clear();
            } else if (e.getKey().from == id) {
                int keep = q.isEmpty() ? 0 : rnd.nextInt(q.size() + 1);
                while (q.size() > keep) {
                    q.pollLast();
                }
            }
        }
        for (Node n : nodes.values()) {
            if (n.alive) {
                n.pendingFailures.add(id);
            }
        }
        log.add(Long.toHexString(id) + " dies");
    }

    /** Tells {@code node} of the oldest death it has not heard of. */
    boolean tellFailure(long node) {
        Node n = node(node);
        Long dead = n.pendingFailures.poll();
        if (dead == null || !n.alive) {
            return false;
        }
        log.add(Long.toHexString(node) + " told " + Long.toHexString(dead) + " died"
                + (n.installed() ? "" : " (collector away: nobody hears it)"));
        if (n.installed()) {
            event(() -> n.collector.peerFailed(dead));
        }
        return true;
    }

    /**
     * Replaces {@code node}'s collector by a new one (what it owed is lost), which is told of
     * every object the node exported (adopted) and every live stub (replay, sender 0).
     */
    void restartCollector(long node) {
        Node n = node(node);
        if (n.phase != Phase.RUNNING) {
            return;
        }
        n.collector.stop();
        n.newCollector();
        for (ObjectId id : n.exported) {
            event(() -> n.collector.adopted(id));
        }
        for (ObjectId id : n.stubs) {
            event(() -> n.collector.referenceReceived(id, node(id.nodeId()).utids, 0, List.of(), true));
        }
        log.add(Long.toHexString(node) + " restarts its collector");
    }

    /**
     * The reference layer removes {@code node}'s collector: unreachable reports still late
     * either reach it first or (dropped while it is away) no one, as {@code rnd} picks; then
     * {@code handOver()} and {@code stop()}.
     */
    void stopCollector(long node, Random rnd) {
        Node n = node(node);
        if (!n.alive || n.phase != Phase.RUNNING) {
            return;
        }
        while (!n.lateReports.isEmpty()) {
            ObjectId id = n.lateReports.poll();
            if (rnd.nextBoolean()) {
                event(() -> n.collector.referenceUnreachable(id));
            }
        }
        n.handedOver = n.collector.handOver();
        n.collector.stop();
        n.phase = Phase.AWAY;
        log.add(Long.toHexString(node) + " stops its collector, handing over " + n.handedOver.length + " bytes");
    }

    /** A new collector starts with the handed-over state and hears of the exported objects. */
    void installCollector(long node) {
        Node n = node(node);
        if (!n.alive || n.phase != Phase.AWAY) {
            return;
        }
        n.newCollector();
        n.handedOver = null;
        n.phase = Phase.INSTALLED;
        for (ObjectId id : n.exported) {
            if (n.sentOwn.contains(id)) {
                event(() -> n.collector.adopted(id));
            } else {
                event(() -> n.collector.exported(id));
            }
        }
        log.add(Long.toHexString(node) + " installs a collector");
    }

    /**
     * The new collector hears of every live stub (sender 0) and of the references passed on
     * while it was away, then {@code replayed()}, then the collector messages kept for it.
     */
    void finishReplay(long node) {
        Node n = node(node);
        if (!n.alive || n.phase != Phase.INSTALLED) {
            return;
        }
        for (ObjectId id : n.stubs) {
            event(() -> n.collector.referenceReceived(id, node(id.nodeId()).utids, 0, List.of(), true));
        }
        for (Map.Entry<ObjectId, Long> p : n.passedWhileAway) {
            event(() -> n.collector.referenceSent(p.getKey(), p.getValue()));
        }
        n.passedWhileAway.clear();
        event(n.collector::replayed);
        n.phase = Phase.RUNNING;
        log.add(Long.toHexString(node) + " replayed, " + n.mail.size() + " kept message(s) follow");
        while (!n.mail.isEmpty()) {
            Kept k = n.mail.poll();
            onMessage(n, k.from, k.bytes);
        }
    }

    /** One step of a restart with hand-over: stop, install or finish the replay, whichever is next. */
    void handOverStep(long node, Random rnd) {
        switch (node(node).phase) {
            case RUNNING -> stopCollector(node, rnd);
            case AWAY -> installCollector(node);
            case INSTALLED -> finishReplay(node);
        }
    }

    /** Completes every restart with hand-over under way. */
    void finishHandOvers() {
        for (Node n : nodes.values()) {
            installCollector(n.id);
            finishReplay(n.id);
        }
    }

    /** Whether a live node holds a stub for {@code id} or a reference to it travels to a live node. */
    boolean holdersExist(ObjectId id) {
        for (Node n : nodes.values()) {
            if (n.alive && n.stubs.contains(id)) {
                return true;
            }
        }
        for (Map.Entry<Channel, ArrayDeque<Message>> e : queues.entrySet()) {
            if (!e.getKey().collector && node(e.getKey().to).alive) {
                for (Message m : e.getValue()) {
                    if (m.references.contains(id)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Checks that every object of a live owner that is held or in transit counts as referenced. */
    void checkSafety() {
        for (Node owner : nodes.values()) {
            if (!owner.alive || !owner.installed()) {
                continue; // no collector to ask: the reference layer keeps its objects pinned
            }
            for (ObjectId id : owner.exported) {
                if (holdersExist(id) && !owner.collector.isReferenced(id)) {
                    violations.add(id + " held or in transit but not referenced at its owner");
                }
            }
        }
        if (eventTimeSends > 0) {
            violations.add(eventTimeSends + " collector message(s) sent from inside event methods");
        }
    }

    /** Non-empty channels, in a fixed order. */
    List<Channel> busyChannels(boolean collector) {
        List<Channel> busy = new ArrayList<>();
        for (Map.Entry<Channel, ArrayDeque<Message>> e : queues.entrySet()) {
            if (e.getKey().collector == collector && !e.getValue().isEmpty()) {
                busy.add(e.getKey());
            }
        }
        return busy;
    }

    /** Delivers every application message in flight, channel by channel. */
    void deliverApplicationMessages() {
        for (Channel c : busyChannels(false)) {
            while (deliver(c)) {
                // all of it
            }
        }
    }

    /** Delivers every collector message, runs every flusher past its window, until nothing moves (bounded). */
    void settleCollectors() {
        for (int round = 0; round < 1_000; round++) {
            boolean moved = false;
            for (Node n : nodes.values()) {
                if (n.alive && n.installed()) {
                    moved |= n.collector.doWork(now) > 0;
                }
            }
            now += config.batchWindowMillis() + Outbox.RETRY_DELAY_MILLIS * 8;
            for (Node n : nodes.values()) {
                if (n.alive && n.installed()) {
                    moved |= n.collector.doWork(now) > 0;
                }
            }
            for (Channel c : busyChannels(true)) {
                while (deliver(c)) {
                    moved = true;
                }
            }
            if (!moved) {
                return;
            }
        }
        throw new AssertionError("collectors did not settle in 1000 rounds");
    }

    /**
     * Ends the run: every application message delivered, every stub dropped, every report and
     * death told, every collector message delivered, until nothing moves (bounded).
     */
    void drain() {
        finishHandOvers();
        for (int round = 0; round < 1_000; round++) {
            boolean moved = false;
            for (Channel c : busyChannels(false)) {
                while (deliver(c)) {
                    moved = true;
                }
            }
            for (Node n : nodes.values()) {
                while (report(n.id) || tellFailure(n.id)) {
                    moved = true;
                }
                for (ObjectId id : n.alive ? new ArrayList<>(n.stubs) : List.<ObjectId>of()) {
                    drop(n.id, id, false);
                    moved = true;
                }
            }
            checkSafety();
            long before = totalMessages();
            settleCollectors();
            moved |= totalMessages() != before;
            if (!moved) {
                return;
            }
        }
        throw new AssertionError("the domain did not drain in 1000 rounds");
    }

    long totalMessages() {
        long m = 0;
        for (Node n : nodes.values()) {
            m += n.messagesSent;
        }
        return m;
    }

    long totalBytes() {
        long b = 0;
        for (Node n : nodes.values()) {
            b += n.bytesSent;
        }
        return b;
    }

    /** Every object exported by a live node. */
    List<ObjectId> objects() {
        List<ObjectId> all = new ArrayList<>();
        for (Node n : nodes.values()) {
            if (n.alive) {
                all.addAll(n.exported);
            }
        }
        return all;
    }

    /** The ids of the live nodes. */
    List<Long> liveNodes() {
        List<Long> live = new ArrayList<>();
        for (Node n : nodes.values()) {
            if (n.alive) {
                live.add(n.id);
            }
        }
        return live;
    }

    /** The last {@code n} lines of the run's log, for a failure message. */
    String tail(int n) {
        return String.join("\n  ", log.subList(Math.max(0, log.size() - n), log.size()));
    }
}
