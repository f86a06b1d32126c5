package org.karmi.dgc.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import org.junit.jupiter.api.Test;
import org.karmi.spi.ref.ObjectId;

/**
 * Collectors stopped and restarted with a hand-over, in the reference layer's sequence
 * ({@link Sim#stopCollector}, {@link Sim#installCollector}, {@link Sim#finishReplay}): counts
 * carried over, holdings dropped while away released after {@code replayed()}, decrements owed
 * sent once, verdicts not lost, and a malformed state refused.
 */
class HandOverTest {

    private static final long A = 0xa;
    private static final long B = 0xb;
    private static final long C = 0xc;
    private static final long WINDOW = 5;

    private final Sim sim = new Sim(new ClusterConfig(WINDOW, ClusterConfig.DEFAULT_MAX_IDS_PER_MESSAGE));
    private final Random rnd = new Random(1);

    private void nodes(long... ids) {
        for (long id : ids) {
            sim.add(id, true);
        }
    }

    private void pass(long from, long to, ObjectId... ids) {
        assertTrue(sim.pass(from, to, ids));
        sim.deliverApplicationMessages();
    }

    private ClusterCollector collector(long node) {
        return sim.node(node).collector;
    }

    private void restart(long node) {
        sim.stopCollector(node, rnd);
        sim.installCollector(node);
        sim.finishReplay(node);
    }

    @Test
    void anOwnerKeepsItsCountsAndCollectsAnObjectDroppedAfterTheRestart() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        restart(A);
        assertTrue(collector(A).isReferenced(x));
        assertEquals(1, collector(A).sentTo(x, B), "the count, not an adoption");

        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B);
    }

    @Test
    void aHolderWhoseStubWasDroppedWhileAwayGivesItBackAfterReplayed() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.stopCollector(B, rnd);
        sim.drop(B, x, false); // no collector hears it
        sim.installCollector(B);
        sim.settleCollectors();
        assertEquals(1, collector(B).awaitingReplay());
        assertEquals(0, sim.totalMessages(), "nothing before the replay");
        assertTrue(collector(A).isReferenced(x));

        sim.finishReplay(B);
        assertEquals(0, collector(B).awaitingReplay());
        sim.settleCollectors();
        assertEquals(1, sim.totalMessages());
        assertEquals(17, sim.node(B).bytesSent);
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B);
    }

    @Test
    void aReplayedStubKeepsItsParentAndGivesBackWhenDroppedLater() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        restart(B);
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(0, sim.totalMessages(), "B still counts what it passed to C");

        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(2, sim.totalMessages(), "C to B, then B to A");
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B, C);
    }

    @Test
    void aDropReportedBeforeReplayedReleasesNothingUntilThePassesMadeWhileAwayAreKnown() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.stopCollector(B, rnd);
        pass(B, C, x); // while away: reported at the replay
        sim.installCollector(B);
        sim.drop(B, x, false); // reaches the new collector before the replay
        sim.settleCollectors();
        assertEquals(0, sim.totalMessages());
        assertTrue(collector(A).isReferenced(x), "C holds x");

        sim.finishReplay(B);
        sim.settleCollectors();
        assertTrue(collector(A).isReferenced(x), "C holds x");
        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B, C);
    }

    @Test
    void decrementsThatArriveWhileAwayAreAppliedAfterReplayed() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        sim.drop(B, x, false);
        sim.stopCollector(B, rnd);
        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(1, sim.node(B).mail.size(), "C's decrement waits for B's collector");

        sim.installCollector(B);
        sim.finishReplay(B);
        sim.settleCollectors();
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B, C);
    }

    @Test
    void decrementsOwedAtTheHandOverAreSentOnceByTheSuccessor() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(A, B, x); // a duplicate: B owes A one at once
        sim.drop(B, x, false); // ... and one more
        sim.tick(B, 0); // the window starts, nothing leaves yet
        restart(B);
        assertEquals(0, sim.node(B).sendAttempts, "the old collector sent nothing");
        sim.settleCollectors();
        assertEquals(1, sim.node(B).messagesSent, "both in one entry, once");
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B);
    }

    @Test
    void aVerdictNotReportedBeforeTheHandOverIsReportedByTheSuccessor() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.drop(B, x, false);
        sim.tick(B, 0);
        sim.tick(B, WINDOW);
        sim.deliver(new Sim.Channel(B, A, true)); // A's count reaches zero; its flusher has not run
        restart(A);
        assertEquals(List.of(), sim.node(A).unreferencedCalls);
        sim.tick(A, 0);
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B);
    }

    @Test
    void anAdoptedObjectTheStateDoesNotCountIsAtZeroAndAnnouncedAgain() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        ObjectId never = sim.export(A);
        pass(A, B, x);
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);

        restart(A); // x is adopted (a reference went out under this collector), never only exported
        assertFalse(collector(A).isReferenced(x));
        assertFalse(collector(A).isReferenced(never));
        sim.settleCollectors();
        assertEquals(List.of(x, x), sim.node(A).unreferencedCalls, "told again: a verdict refused while away is not lost");
        assertEmpty(A, B);
    }

    @Test
    void aReferenceThatArrivesWhileAwayLeaksItsSendersCountButIsNeverFreedEarly() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(A, C, x);
        sim.stopCollector(B, rnd);
        pass(C, B, x); // B's collector never hears that C sent it
        sim.installCollector(B);
        sim.finishReplay(B);
        sim.drop(C, x, false);
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertTrue(collector(A).isReferenced(x), "C's count for B leaks, so C stays in the tree");
        assertEquals(List.of(), sim.node(A).unreferencedCalls);
        assertEquals(1, collector(C).sentTo(x, B));
    }

    @Test
    void aMalformedStateIsRefusedOnceAndTheCollectorStartsEmptyAndConservative() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.stopCollector(A, rnd);
        byte[] state = sim.node(A).handedOver;
        sim.node(A).handedOver = java.util.Arrays.copyOf(state, state.length - 1);
        List<LogRecord> warnings = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    warnings.add(r);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Sim.QUIET.addHandler(h);
        Sim.QUIET.setLevel(Level.WARNING);
        try {
            sim.installCollector(A);
            sim.finishReplay(A);
        } finally {
            Sim.QUIET.removeHandler(h);
            Sim.QUIET.setLevel(Level.SEVERE);
        }
        assertEquals(1, warnings.size(), "one warning");
        assertTrue(warnings.get(0).getMessage().contains("cannot continue"), warnings.get(0).getMessage());
        assertTrue(collector(A).isReferenced(x));
        assertEquals(0, collector(A).sentTo(x, B), "the count is gone");

        sim.drop(B, x, false);
        sim.settleCollectors();
        assertTrue(collector(A).isReferenced(x), "adopted: referenced until unexported");
        assertEquals(List.of(), sim.node(A).unreferencedCalls);
    }

    private void assertEmpty(long... ids) {
        for (long id : ids) {
            assertEquals(new ClusterCollector.Counters(0, 0, 0, 0, 0, 0), collector(id).counters(),
                    "node " + Long.toHexString(id));
        }
    }
}
