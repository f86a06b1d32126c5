package org.karmi.dgc.lease.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;

import org.karmi.dgc.lease.internal.SimNetwork.Fate;
import org.karmi.dgc.lease.internal.SimNetwork.Node;
import org.karmi.spi.ref.ObjectId;

/**
 * A random world of nodes that export objects and pass references around (owner to holder,
 * holder to holder), drop them, restart their collectors and crash, over a {@link SimNetwork}
 * with storms that drop, delay, duplicate and reorder requests. It models who holds which
 * reference and which references are in transit, and checks the collectors against it:
 * safety after every step, liveness once everything is dropped. Assumptions (those of any
 * lease protocol): a storm lasts at most a quarter lease and is followed by half a lease
 * without loss; a message carrying a reference travels at most an eighth of a lease.
 * Not thread-safe.
 */
final class ReferenceWorld {

    static final long LEASE = 1000;
    static final LeaseSettings SETTINGS = new LeaseSettings(LEASE, 20, 3);
    static final long TIMEOUT = LEASE / 16;
    /** Every world crashes a node, whose holders then warn that a lease may have ended: kept out of the test log. */
    private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger("org.karmi.dgc.lease");

    static {
        QUIET.setLevel(java.util.logging.Level.SEVERE);
    }

    private record Stub(long node, ObjectId id) {
    }

    private record Transit(ObjectId id, long from, long to) {
    }

    private record Timed(long time, long order, Runnable action) {
    }

    final SimNetwork net = new SimNetwork(TIMEOUT);
    private final long seed;
    private final Random rnd;
    private final List<Node> nodes = new ArrayList<>();
    private final List<ObjectId> objects = new ArrayList<>();
    private final Set<Stub> stubs = new LinkedHashSet<>();
    /** When each stub arrived (a stub received again keeps its time). */
    private final Map<Stub, Long> heldSince = new HashMap<>();
    /** When each node's current collector started. */
    private final long[] startedAt;
    private final List<Transit> transits = new ArrayList<>();
    private final PriorityQueue<Timed> timeline = new PriorityQueue<>(
            (a, b) -> a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.order, b.order));
    /** Objects that became referenced (or adopted) since the owner last reported them unreferenced. */
    private final Set<ObjectId> owed = new HashSet<>();
    private final ArrayDeque<String> trace = new ArrayDeque<>();
    private long order;
    private long lossyUntil;
    private long calmUntil;
    private boolean calm;
    private int crashes;
    /** Statistics of one run (for the property's report). */
    int unreferencedCalls;
    int failedRequests;

    ReferenceWorld(long seed, int nodeCount, int objectsPerNode) {
        this.seed = seed;
        this.rnd = new Random(seed);
        this.startedAt = new long[nodeCount + 1];
        for (int i = 1; i <= nodeCount; i++) {
            Node n = net.add(i, SETTINGS);
            nodes.add(n);
            for (int k = 1; k <= objectsPerNode; k++) {
                ObjectId id = new ObjectId(i, k);
                objects.add(id);
                n.collector.exported(id);
            }
            n.onUnreferenced = id -> onUnreferenced(n, id);
        }
        net.policy = new SimNetwork.Policy() {
            @Override
            public Fate fate(long from, long to, byte kind) {
                Fate f = decideFate();
                if (f != Fate.DELIVER && f != Fate.DUPLICATE) {
                    failedRequests++;
                }
                return f;
            }

            @Override
            public long delayMillis() {
                return 1 + rnd.nextInt((int) (LEASE / 8));
            }
        };
        net.afterStep = this::checkSafety;
    }

    /** {@code actions} random actions, a random fraction of a tenth of a lease apart. */
    void randomPhase(int actions) {
        for (int i = 0; i < actions; i++) {
            advance(net.now + rnd.nextInt((int) (LEASE / 10)));
            act();
        }
    }

    /**
     * Lets every reference in transit arrive, drops every stub, makes the network reliable
     * and checks that by 1.5 leases later every object is reported and no longer referenced.
     */
    void dropEverythingAndCheckLiveness() {
        advance(net.now + LEASE / 8);
        calm = true;
        long t0 = net.now;
        for (Stub s : List.copyOf(stubs)) {
            drop(s);
        }
        advance(t0 + LEASE + LEASE / 2);
        for (ObjectId id : objects) {
            Node owner = node(id.nodeId());
            if (owner.alive) {
                assertFalse(owner.collector.isReferenced(id), () -> failure("still referenced: " + id));
                assertFalse(owed.contains(id), () -> failure("never reported unreferenced: " + id));
            }
        }
        for (Node n : nodes) {
            if (n.alive) {
                assertEquals(0, n.collector.heldObjects(), () -> failure("node " + n.id + " still holds objects"));
            }
        }
    }

    /** Runs the network and the timeline (arrivals, peer failure notices) until {@code t}. */
    void advance(long t) {
        while (!timeline.isEmpty() && timeline.peek().time <= t) {
            Timed e = timeline.poll();
            net.runUntil(e.time);
            e.action.run();
            checkSafety();
        }
        net.runUntil(t);
    }

    private void act() {
        int dice = rnd.nextInt(100);
        if (dice < 30) {
            ownerSends();
        } else if (dice < 55) {
            holderPasses();
        } else if (dice < 80) {
            Stub s = randomStub();
            if (s != null) {
                drop(s);
            }
        } else if (dice < 85) {
            restart(randomLiveNode());
        } else if (dice < 87) {
            crash();
        } else if (dice < 94) {
            storm();
        }
    }

    private void ownerSends() {
        ObjectId id = objects.get(rnd.nextInt(objects.size()));
        Node owner = node(id.nodeId());
        Node to = nodes.get(rnd.nextInt(nodes.size()));
        if (!owner.alive || to == owner) {
            return;
        }
        log("node " + owner.id + " sends " + id + " to " + to.id);
        owner.collector.referenceSent(id, to.id);
        travel(id, owner, to);
    }

    private void holderPasses() {
        Stub s = randomStub();
        Node to = nodes.get(rnd.nextInt(nodes.size()));
        if (s == null || to.id == s.node) {
            return;
        }
        log("node " + s.node + " passes " + s.id + " to " + to.id);
        Node from = node(s.node);
        from.collector.referenceSent(s.id, to.id);
        if (to.id != s.id.nodeId()) {
            travel(s.id, from, to);
        }
    }

    private void travel(ObjectId id, Node from, Node to) {
        if (!to.alive || net.now < lossyUntil && rnd.nextInt(100) < 15) {
            return; // the call carrying it failed: nobody holds it
        }
        Transit t = new Transit(id, from.id, to.id);
        transits.add(t);
        at(net.now + rnd.nextInt((int) (LEASE / 8) + 1), () -> arrive(t));
    }

    private void arrive(Transit t) {
        transits.remove(t);
        Node to = node(t.to);
        if (!to.alive) {
            return;
        }
        Stub s = new Stub(t.to, t.id);
        boolean first = !stubs.contains(s);
        log("node " + t.to + " receives " + t.id + " from " + t.from + (first ? "" : " (holds it)"));
        to.collector.referenceReceived(t.id, node(t.id.nodeId()).utids(), t.from, node(t.from).utids(), first);
        stubs.add(s);
        heldSince.putIfAbsent(s, net.now);
        owed.add(t.id);
    }

    private void drop(Stub s) {
        log("node " + s.node + " drops " + s.id);
        stubs.remove(s);
        heldSince.remove(s);
        node(s.node).collector.referenceUnreachable(s.id);
    }

    private void restart(Node n) {
        if (n == null) {
            return;
        }
        log("node " + n.id + " restarts its collector");
        n.restart();
        startedAt[(int) n.id] = net.now;
        for (ObjectId id : objects) {
            if (id.nodeId() == n.id) {
                n.collector.adopted(id);
                owed.add(id);
            }
        }
        for (Stub s : stubs) {
            if (s.node == n.id) {
                n.collector.referenceReceived(s.id, node(s.id.nodeId()).utids(), 0, List.of(), true);
            }
        }
    }

    /** A node dies silently; one lease later the others' technologies notice (peerFailed). */
    private void crash() {
        Node n = randomLiveNode();
        if (n == null || crashes > 0) {
            return;
        }
        crashes++;
        log("node " + n.id + " crashes");
        n.alive = false;
        stubs.removeIf(s -> s.node == n.id);
        heldSince.keySet().removeIf(s -> s.node == n.id);
        at(net.now + LEASE, () -> {
            log("peers notice node " + n.id + " died");
            for (Node other : nodes) {
                if (other.alive) {
                    other.collector.peerFailed(n.id);
                }
            }
        });
    }

    private void storm() {
        if (net.now >= calmUntil && !calm) {
            lossyUntil = net.now + 1 + rnd.nextInt((int) (LEASE / 4));
            calmUntil = lossyUntil + LEASE / 2;
            log("storm until " + lossyUntil);
        }
    }

    private Fate decideFate() {
        if (calm) {
            return Fate.DELIVER;
        }
        int dice = rnd.nextInt(100);
        if (net.now >= lossyUntil) {
            return dice < 5 ? Fate.DUPLICATE : Fate.DELIVER;
        }
        return dice < 25 ? Fate.DROP_REQUEST : dice < 40 ? Fate.DROP_ANSWER : dice < 55 ? Fate.DELAY
                : dice < 65 ? Fate.DUPLICATE : Fate.DELIVER;
    }

    /** Whether a live node other than the owner holds, or is being sent, a reference to {@code id}. */
    private boolean referenced(ObjectId id) {
        for (Stub s : stubs) {
            if (s.id.equals(id) && s.node != id.nodeId()) {
                return true;
            }
        }
        for (Transit t : transits) {
            if (t.id.equals(id) && t.to != id.nodeId() && node(t.to).alive) {
                return true;
            }
        }
        return false;
    }

    /**
     * Safety: every object a live node holds or is being sent is referenced. And a stronger
     * invariant that does not wait for every provisional window to run out: a stub held for a
     * lease (while its owner's collector ran) is backed by a running DIRTY lease of its holder.
     */
    private void checkSafety() {
        for (ObjectId id : objects) {
            Node owner = node(id.nodeId());
            if (owner.alive && referenced(id)) {
                assertTrue(owner.collector.isReferenced(id), () -> failure("isReferenced false for " + id));
            }
        }
        for (Stub s : stubs) {
            Node owner = node(s.id.nodeId());
            long since = Math.max(heldSince.get(s), startedAt[(int) owner.id]);
            if (owner.alive && s.node != owner.id && net.now >= since + LEASE) {
                assertTrue(owner.collector.dirtyUntil(s.id, s.node) > net.now,
                        () -> failure("node " + s.node + " has held " + s.id + " since " + heldSince.get(s)
                                + " without a running lease"));
            }
        }
    }

    private void onUnreferenced(Node owner, ObjectId id) {
        unreferencedCalls++;
        log("node " + owner.id + " finds " + id + " unreferenced");
        assertFalse(referenced(id), () -> failure("unreferenced while referenced: " + id));
        owed.remove(id);
    }

    private void at(long time, Runnable action) {
        timeline.add(new Timed(time, order++, action));
    }

    private Stub randomStub() {
        if (stubs.isEmpty()) {
            return null;
        }
        int i = rnd.nextInt(stubs.size());
        for (Stub s : stubs) {
            if (i-- == 0) {
                return s;
            }
        }
        return null;
    }

    private Node randomLiveNode() {
        List<Node> live = nodes.stream().filter(n -> n.alive).toList();
        return live.size() < 3 ? null : live.get(rnd.nextInt(live.size()));
    }

    private Node node(long id) {
        return nodes.get((int) id - 1);
    }

    private void log(String what) {
        trace.addLast(net.now + ": " + what);
        if (trace.size() > 40) {
            trace.removeFirst();
        }
    }

    private String failure(String what) {
        return "seed " + seed + " at " + net.now + ": " + what + "\nlast events:\n  " + String.join("\n  ", trace);
    }
}
