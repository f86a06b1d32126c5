package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.core.internal.Counters.Counter;
import org.karmi.core.internal.Counters.Factory;
import org.karmi.core.internal.Counters.FactoryImpl;
import org.karmi.core.internal.TestNodes.Mode;
import org.karmi.dgc.cluster.internal.ClusterCollector;
import org.karmi.spi.dgc.CollectorStatistics;

/**
 * The cluster collector over ParaStation (issue 13): a reference passed A → B → C costs no
 * collector message while it is passed (counted on all three nodes), the owner keeps the
 * object while any holder has it, and once both dropped it the object is unreferenced, with
 * two decrements (C → B, B → A). Three nodes in one shared-memory domain, calls over ParaStation.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ClusterCollectionTest {

    private Path domain;
    private final List<KarmiNode> nodes = new ArrayList<>();
    private KarmiNode a;
    private KarmiNode b;
    private KarmiNode c;

    @BeforeEach
    void start() throws Exception {
        domain = TestNodes.newDomain("cluster");
        a = node();
        b = node();
        c = node();
    }

    private KarmiNode node() throws Exception {
        KarmiNode n = TestNodes.node(Mode.PARASTATION, domain, Map.of());
        nodes.add(n);
        n.addCollector(new ClusterCollector());
        return n;
    }

    @AfterEach
    void stop() {
        nodes.forEach(KarmiNode::close);
        TestNodes.deleteDomain(domain);
    }

    @Test
    void aReferencePassedAToBToCSendsNoCollectorMessageAndIsCollectedOnceBothDropped() throws Exception {
        FactoryImpl factory = new FactoryImpl(a);
        a.registry().bind("factory", a.export(factory));
        Keeper.Impl keeperImpl = new Keeper.Impl();
        c.registry().bind("keeper", c.export(keeperImpl));
        Factory f = (Factory) b.registry("127.0.0.1", TestNodes.port(a)).lookup("factory");
        Keeper keeper = (Keeper) b.registry("127.0.0.1", TestNodes.port(c)).lookup("keeper");
        Counter counter = f.make();
        assertEquals(1, counter.next());
        awaitQuiet();

        long[] before = sent();
        keeper.keep(counter); // B passes A's counter to C
        assertEquals(2, keeper.poke(), "C calls A's counter");
        long[] after = sent();
        for (int i = 0; i < 3; i++) {
            assertEquals(before[i], after[i], "collector messages of node " + "ABC".charAt(i) + " during the pass");
        }
        Map<String, Long> aReceived = TestNodes.callsReceived(a);
        assertTrue(aReceived.getOrDefault("parastation", 0L) >= 2, "the counter is called over ParaStation: " + aReceived);

        counter = null; // B drops its stub; it still counts the one it passed to C
        GcAwait.until(() -> b.heldCount() <= 2, "B's stub of the counter unreachable");
        settle();
        assertEquals(0, factory.unreferenced.get(), "C still holds the counter");
        assertEquals(3, keeper.poke());

        long[] beforeDrop = sent();
        keeper.drop();
        GcAwait.until(() -> factory.unreferenced.get() == 1, "unreferenced once C dropped it too");
        long[] afterDrop = sent();
        assertEquals(1, afterDrop[2] - beforeDrop[2], "C gives its count back to its parent B");
        assertEquals(1, afterDrop[1] - beforeDrop[1], "then B gives its count back to A");
        CollectorStatistics s = a.collectorStatistics().get("cluster");
        System.out.printf("cluster A->B->C: pass 0 messages; drops: %d + %d messages; owner received %d bytes in all%n",
                afterDrop[2] - beforeDrop[2], afterDrop[1] - beforeDrop[1], s.bytesReceived());
    }

    /** Collector messages sent so far by A, B and C. */
    private long[] sent() {
        return new long[] {sent(a), sent(b), sent(c)};
    }

    private static long sent(KarmiNode n) {
        CollectorStatistics s = n.collectorStatistics().get("cluster");
        return s == null ? 0 : s.messagesSent();
    }

    /** Waits until no node sent a collector message for a while (earlier drops' decrements are out). */
    private void awaitQuiet() throws InterruptedException {
        long[] last = sent();
        long quietSince = System.nanoTime();
        long deadline = quietSince + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() - quietSince < TimeUnit.MILLISECONDS.toNanos(300)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("collector traffic never settled");
            }
            Thread.sleep(20);
            long[] now = sent();
            if (!java.util.Arrays.equals(now, last)) {
                last = now;
                quietSince = System.nanoTime();
            }
        }
    }

    /** Lets decrements that might (wrongly) be sent go out: several batch windows. */
    private void settle() throws InterruptedException {
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(40);
        }
    }

}
