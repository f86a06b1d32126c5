package org.karmi.dgc.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.karmi.spi.ref.ObjectId;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.statistics.Statistics;

/**
 * Random runs of a simulated domain ({@link Sim}): references passed between nodes, back to
 * their owner and in duplicate, stubs dropped with reports on time or late, channels
 * interleaved at random, nodes dying with their survivors told at random later points,
 * collectors restarting (adoption and replay) with or without handing their state over (stopped,
 * away while drops, arrivals, passes and collector messages happen, installed, replayed), nodes
 * that listen nowhere. Every run is built
 * from its {@code seed} (jqwik prints the generator's seed; a failure names the run's seed and
 * the end of its log): {@code run(seed, ...)} from an {@code @Example} replays it.
 */
class ClusterPropertyTest {

    private static final int STEPS = 300;

    @Property(shrinking = ShrinkingMode.OFF, tries = 2000)
    void neverUnreferencedWhileAnyLiveNodeHoldsOrReceivesAReference(@ForAll long seed) {
        // the seed's low bits choose the hazards: each one pins objects, all at once leave few verdicts
        Sim sim = run(seed, (seed & 1) != 0, (seed & 2) != 0, (seed & 4) != 0, (seed & 8) != 0);
        long verdicts = sim.nodes.values().stream().mapToLong(n -> n.unreferencedCalls.size()).sum();
        sim.drain();
        assertNoViolation(seed, sim);
        // shows the runs are not vacuous: objects freed mid-run, deaths, restarts
        Statistics.label("unreferenced during the run").collect(verdicts > 0);
        Statistics.label("a node died").collect(sim.log.stream().anyMatch(l -> l.endsWith("dies")));
        Statistics.label("a collector restarted").collect(sim.log.stream().anyMatch(l -> l.endsWith("collector")));
        Statistics.label("a collector handed over").collect(sim.log.stream().anyMatch(l -> l.contains("handing over")));
    }

    /** Runs that once failed: a drop reported between install and replayed() released an entry before its passes while away were known. */
    @Example
    void runsThatOnceFailed() {
        neverUnreferencedWhileAnyLiveNodeHoldsOrReceivesAReference(-53751L);
        collectorsThatHandTheirStateOverStillCollectEverythingOnceAllHoldersDropped(239953L);
    }

    @Property(shrinking = ShrinkingMode.OFF, tries = 300)
    void withoutFailuresEveryObjectIsUnreferencedOnceAllHoldersDropped(@ForAll long seed) {
        Sim sim = run(seed, false, false, false, false);
        sim.drain();
        assertAllCollected(seed, sim);
    }

    @Property(shrinking = ShrinkingMode.OFF, tries = 300)
    void collectorsThatHandTheirStateOverStillCollectEverythingOnceAllHoldersDropped(@ForAll long seed) {
        Sim sim = run(seed, false, false, false, true);
        sim.drain();
        assertNoViolation(seed, sim);
        // a reference that reached a node while its collector was away is replayed without its
        // sender, whose count for that node then leaks (never freed early): the other objects go
        for (ObjectId id : sim.objects()) {
            if (!sim.arrivedWhileAway.contains(id)) {
                assertCollected(seed, sim, id);
            }
        }
        if (sim.arrivedWhileAway.isEmpty()) {
            assertAllCollected(seed, sim);
        }
        Statistics.label("handed over").collect(sim.log.stream().anyMatch(l -> l.contains("handing over")));
        Statistics.label("a stub dropped while away").collect(sim.log.stream().anyMatch(l -> l.endsWith("(collector away)")));
        Statistics.label("a reference arrived while away").collect(!sim.arrivedWhileAway.isEmpty());
    }

    private static void assertAllCollected(long seed, Sim sim) {
        assertNoViolation(seed, sim);
        for (ObjectId id : sim.objects()) {
            assertCollected(seed, sim, id);
        }
        for (Sim.Node n : sim.nodes.values()) {
            ClusterCollector.Counters c = n.collector.counters();
            assertEquals(new ClusterCollector.Counters(0, 0, 0, 0, 0, 0), c, "seed " + seed + ", node "
                    + Long.toHexString(n.id) + "\n  " + sim.tail(40));
        }
    }

    private static void assertCollected(long seed, Sim sim, ObjectId id) {
        Sim.Node owner = sim.node(id.nodeId());
        String why = "seed " + seed + ", " + id + "\n  " + sim.tail(40);
        assertFalse(owner.collector.isReferenced(id), why);
        if (sent(sim, id)) {
            assertTrue(owner.unreferencedCalls.contains(id), why);
        }
    }

    @Property(shrinking = ShrinkingMode.OFF, tries = 300)
    void passingReferencesOnSendsNoCollectorMessage(@ForAll long seed) {
        Random rnd = new Random(seed);
        Sim sim = new Sim(new ClusterConfig(rnd.nextInt(4), 1 + rnd.nextInt(4)));
        int n = 3 + rnd.nextInt(4);
        for (int i = 0; i < n; i++) {
            sim.add(0x100 + i, true);
        }
        List<ObjectId> objects = new ArrayList<>();
        for (int i = 0; i < 1 + rnd.nextInt(3); i++) {
            objects.add(sim.export(0x100 + rnd.nextInt(n)));
        }
        Set<String> reached = new HashSet<>();
        for (int step = 0; step < STEPS; step++) {
            int a = rnd.nextInt(10);
            if (a < 5) {
                ObjectId id = objects.get(rnd.nextInt(objects.size()));
                long from = 0x100 + rnd.nextInt(n);
                long to = 0x100 + rnd.nextInt(n);
                // a tree: each node receives each object once, the owner never
                if (to != id.nodeId() && reached.add(id + "@" + to) && !sim.pass(from, to, id)) {
                    reached.remove(id + "@" + to);
                }
            } else if (a < 8) {
                List<Sim.Channel> busy = sim.busyChannels(false);
                if (!busy.isEmpty()) {
                    sim.deliver(busy.get(rnd.nextInt(busy.size())));
                }
            } else {
                sim.tick(0x100 + rnd.nextInt(n), rnd.nextInt(3));
            }
        }
        for (Sim.Channel c : sim.busyChannels(false)) {
            while (sim.deliver(c)) {
                // all of it
            }
        }
        sim.settleCollectors();
        assertEquals(0, sim.eventTimeSends, "seed " + seed);
        assertEquals(0, sim.totalMessages(), "seed " + seed + "\n  " + sim.tail(40));
    }

    /** A random run of {@value #STEPS} steps, its safety checked after each. */
    static Sim run(long seed, boolean failures, boolean restarts, boolean nowhere, boolean handOvers) {
        Random rnd = new Random(seed);
        Sim sim = new Sim(new ClusterConfig(rnd.nextInt(4), 1 + rnd.nextInt(4)));
        // half the runs small (three nodes, one object, short phases): rare orders come up more often
        boolean small = rnd.nextBoolean();
        int n = small ? 3 : 3 + rnd.nextInt(3);
        int steps = small ? STEPS / 5 : STEPS;
        int phase = small ? 10 : 30;
        List<Long> owners = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean listens = !nowhere || i < 2 || rnd.nextInt(3) != 0;
            sim.add(0x100 + i, listens);
            if (listens) {
                owners.add(0x100L + i);
            }
        }
        for (int i = 0; i < (small ? 1 : 1 + rnd.nextInt(3)); i++) {
            sim.export(pick(rnd, owners));
        }
        List<Long> all = new ArrayList<>(sim.nodes.keySet());
        Sim.Node keeper = null;
        for (int step = 0; step < steps; step++) {
            List<Long> live = sim.liveNodes();
            Sim.Node node = sim.node(pick(rnd, live));
            // a busy phase, then a quiet one twice as long: counts rise, then fall to zero while
            // messages fly, except for the stubs of one holder that keeps them: its chain to the
            // owner is then the only thing that keeps its objects referenced
            boolean busy = step % (3 * phase) < phase;
            if (step % (3 * phase) == phase) {
                List<Sim.Node> holders = holders(sim);
                keeper = holders.isEmpty() || rnd.nextInt(4) == 0 ? null : pick(rnd, holders);
            }
            switch (choose(rnd, busy ? BUSY : QUIET)) {
                case PASS -> {
                    // mostly a holder passes on, so that trees grow deeper than one level
                    List<Sim.Node> holders = holders(sim);
                    Sim.Node from = !holders.isEmpty() && rnd.nextInt(3) != 0 ? pick(rnd, holders) : node;
                    List<ObjectId> has = new ArrayList<>(from.exported);
                    has.addAll(from.stubs);
                    long to = pick(rnd, all);
                    if (!has.isEmpty() && to != from.id && (sim.node(to).alive || rnd.nextInt(4) == 0)) {
                        ObjectId first = pick(rnd, has);
                        sim.pass(from.id, to, rnd.nextInt(4) == 0 ? new ObjectId[] {first, pick(rnd, has)}
                                : new ObjectId[] {first});
                    }
                }
                case DELIVER -> deliverOne(sim, rnd, false);
                case DELIVER_COLLECTOR -> deliverOne(sim, rnd, true);
                case DROP -> {
                    Sim.Node kept = busy ? null : keeper;
                    List<Sim.Node> holders = holders(sim).stream().filter(h -> h != kept).toList();
                    if (!holders.isEmpty()) {
                        Sim.Node h = pick(rnd, holders);
                        sim.drop(h.id, pick(rnd, new ArrayList<>(h.stubs)), rnd.nextInt(3) == 0);
                    }
                }
                case REPORT -> sim.report(node.id);
                case TICK -> sim.tick(node.id, rnd.nextInt(4));
                case TELL_FAILURE -> sim.tellFailure(node.id);
                case KILL -> {
                    // about one death per run: each one pins what the dead node held
                    if (failures && live.size() > 2 && rnd.nextInt(3) == 0) {
                        sim.kill(node.id, rnd);
                    }
                }
                case HAND_OVER -> {
                    // mostly one under way is carried on, so that nodes are not all away at once
                    List<Sim.Node> under = sim.nodes.values().stream()
                            .filter(h -> h.alive && h.phase != Sim.Phase.RUNNING).toList();
                    if (handOvers) {
                        sim.handOverStep(!under.isEmpty() && rnd.nextInt(4) != 0 ? pick(rnd, under).id
                                : holders(sim).isEmpty() || rnd.nextInt(3) == 0 ? node.id : pick(rnd, holders(sim)).id, rnd);
                    }
                }
                case RESTART -> {
                    // mostly a holder: a restarted owner keeps its objects (adopted) pinned for good
                    List<Sim.Node> holders = holders(sim);
                    if (restarts) {
                        sim.restartCollector(holders.isEmpty() || rnd.nextInt(4) == 0 ? node.id : pick(rnd, holders).id);
                    }
                }
            }
            sim.checkSafety();
            assertNoViolation(seed, sim);
        }
        return sim;
    }

    private enum Action { PASS, DELIVER, DELIVER_COLLECTOR, DROP, REPORT, TICK, TELL_FAILURE, KILL, RESTART, HAND_OVER }

    /** Weights of the actions, in {@link Action} order, while references spread. */
    private static final int[] BUSY = {30, 18, 14, 8, 5, 13, 7, 2, 1, 4};
    /** ... and while they are dropped. */
    private static final int[] QUIET = {2, 14, 24, 22, 6, 24, 5, 2, 1, 4};

    private static Action choose(Random rnd, int[] weights) {
        int r = rnd.nextInt(java.util.Arrays.stream(weights).sum());
        for (int i = 0; ; i++) {
            r -= weights[i];
            if (r < 0) {
                return Action.values()[i];
            }
        }
    }

    private static List<Sim.Node> holders(Sim sim) {
        return sim.nodes.values().stream().filter(h -> h.alive && !h.stubs.isEmpty()).toList();
    }

    private static void deliverOne(Sim sim, Random rnd, boolean collector) {
        List<Sim.Channel> busy = sim.busyChannels(collector);
        if (!busy.isEmpty()) {
            sim.deliver(busy.get(rnd.nextInt(busy.size())));
        }
    }

    private static boolean sent(Sim sim, ObjectId id) {
        return sim.log.stream().anyMatch(l -> l.contains("passes") && l.contains(id.toString()));
    }

    static void assertNoViolation(long seed, Sim sim) {
        if (!sim.violations.isEmpty()) {
            throw new AssertionError("seed " + seed + ": " + sim.violations + "\n  " + sim.tail(60));
        }
    }

    private static <T> T pick(Random rnd, List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }
}
