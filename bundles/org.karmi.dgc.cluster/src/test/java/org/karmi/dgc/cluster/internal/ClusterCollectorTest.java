package org.karmi.dgc.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.WireBuffer;

/**
 * The cluster collector's behaviour in chosen scenarios of a simulated domain ({@link Sim}):
 * exact messages and bytes, batching, duplicates, references sent home, late reports,
 * adoption, replay, nodes that listen nowhere, dead nodes, failed sends.
 */
class ClusterCollectorTest {

    private static final long A = 0xa;
    private static final long B = 0xb;
    private static final long C = 0xc;
    private static final long D = 0xd;
    private static final long WINDOW = 5;

    private final Sim sim = new Sim(new ClusterConfig(WINDOW, ClusterConfig.DEFAULT_MAX_IDS_PER_MESSAGE));

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

    @Test
    void aChainPassSendsNothingAndItsDropsSendOneDecrementPerLink() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        sim.settleCollectors();
        assertEquals(0, sim.totalMessages(), "passing A -> B -> C sends no collector message");

        sim.drop(C, x, false);
        sim.drop(B, x, false);
        sim.settleCollectors();

        assertEquals(2, sim.totalMessages(), "C gives back to B, then B to A");
        assertEquals(25, sim.node(C).bytesSent, "header 5 + one entry of a third node's object 20");
        assertEquals(17, sim.node(B).bytesSent, "header 5 + one entry of the receiver's own object 12");
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertFalse(collector(A).isReferenced(x));
        assertEmpty(A, B, C);
    }

    @Test
    void anIntermediateThatDropsFirstStaysUntilItsChildGivesBack() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(0, sim.totalMessages());
        assertTrue(collector(A).isReferenced(x));

        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(2, sim.totalMessages());
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
    }

    @Test
    void manyDropsLeaveAsOneMessagePerDestinationAfterTheBatchWindow() {
        nodes(A, B, D);
        ObjectId[] ofA = new ObjectId[100];
        ObjectId[] ofD = new ObjectId[50];
        for (int i = 0; i < ofA.length; i++) {
            ofA[i] = sim.export(A);
        }
        for (int i = 0; i < ofD.length; i++) {
            ofD[i] = sim.export(D);
        }
        pass(A, B, ofA);
        pass(D, B, ofD);
        for (ObjectId id : ofA) {
            sim.drop(B, id, false);
        }
        for (ObjectId id : ofD) {
            sim.drop(B, id, false);
        }

        assertEquals(0, sim.tick(B, 0), "the first step only starts the window");
        assertEquals(0, sim.tick(B, WINDOW - 1));
        assertEquals(2, sim.tick(B, 1), "one message per destination");
        assertEquals(2, sim.node(B).messagesSent);
        assertEquals(5 + 12 * 100 + 5 + 12 * 50, sim.node(B).bytesSent);
        sim.settleCollectors();
        assertEquals(100, sim.node(A).unreferencedCalls.size());
        assertEquals(50, sim.node(D).unreferencedCalls.size());
    }

    @Test
    void aFullMessageLeavesAtOnceAndMoreIsSplit() {
        Sim small = new Sim(new ClusterConfig(1_000, 10));
        small.add(A, true);
        small.add(B, true);
        ObjectId[] ids = new ObjectId[25];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = small.export(A);
        }
        small.pass(A, B, ids);
        small.deliverApplicationMessages();
        for (ObjectId id : ids) {
            small.drop(B, id, false);
        }
        small.tick(B, 0);
        assertEquals(3, small.node(B).messagesSent, "10 + 10 + 5 entries, without waiting for the window");
        assertEquals(3 * 5 + 25 * 12, small.node(B).bytesSent);
        small.settleCollectors();
        assertEquals(25, small.node(A).unreferencedCalls.size());
    }

    @Test
    void aDuplicateIsGivenBackAtOnceAndTheFirstReferenceWhenDropped() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(A, B, x, x);
        assertEquals(3, collector(A).sentTo(x, B));
        sim.settleCollectors();
        assertEquals(1, sim.totalMessages(), "both duplicates in one entry");
        assertEquals(17, sim.totalBytes());
        assertEquals(1, collector(A).sentTo(x, B));
        assertTrue(collector(A).isReferenced(x));

        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
    }

    @Test
    void aReferenceSentHomeKeepsItsObjectReferencedUntilItArrives() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        assertTrue(sim.pass(B, A, x));
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertTrue(collector(A).isReferenced(x), "B counts the reference on its way home");
        assertEquals(0, sim.totalMessages());

        sim.deliverApplicationMessages();
        sim.settleCollectors();
        assertEquals(2, sim.totalMessages(), "A gives the home-coming reference back to B, B its own to A");
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B);
    }

    @Test
    void aLateUnreachableReportDoesNotReleaseTheStubThatReplacedIt() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(A, C, x);
        sim.drop(B, x, true);
        pass(C, B, x); // a new stub on B while the old one's report is still on its way
        sim.report(B);
        sim.settleCollectors();
        assertTrue(collector(A).isReferenced(x));
        assertEquals(1, collector(A).sentTo(x, B), "B has not given its first reference back");

        sim.drop(B, x, false);
        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
        assertEmpty(A, B, C);
    }

    @Test
    void aRepeatedUnreachableReportCountsNoStubBelowZero() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        sim.drop(B, x, false);
        collector(B).referenceUnreachable(x); // one report too many
        assertEquals(1, collector(B).counters().anomalies());
        pass(A, B, x); // a new stub: B counts one again
        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(1, collector(B).counters().heldEntries(), "B's new stub keeps it in the tree");
        assertTrue(collector(A).isReferenced(x));
    }

    @Test
    void anAdoptedObjectStaysReferencedUntilUnexported() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        collector(A).adopted(x);
        pass(A, B, x);
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertTrue(collector(A).isReferenced(x), "references the collector never counted may exist");
        assertEquals(List.of(), sim.node(A).unreferencedCalls);

        collector(A).unexported(x);
        assertFalse(collector(A).isReferenced(x));
        assertEquals(0, collector(A).counters().ownedEntries());
    }

    @Test
    void aReplayedStubGivesNothingBackWhenDropped() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        sim.restartCollector(B); // B's counts are lost: C's reference must not be released by B's drop
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(0, sim.totalMessages());
        assertTrue(collector(A).isReferenced(x));

        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(1, sim.totalMessages(), "C gives back to B, whose new collector owes nobody");
        assertEquals(1, collector(B).counters().anomalies(), "B's new collector was not owed C's decrement");
        assertTrue(collector(A).isReferenced(x), "A's count for B leaks: never freed early");
    }

    @Test
    void aStubFirstSeenBeingPassedOnOwesNobody() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.restartCollector(B);
        collector(B).referenceUnreachable(x); // now B's collector knows nothing of B's live stub
        pass(B, C, x);
        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(1, sim.totalMessages(), "C gives back to B");
        assertEquals(1, collector(B).counters().heldEntries(), "B's stub is still alive");

        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(1, sim.totalMessages(), "B owes nobody");
        assertEquals(0, collector(B).counters().heldEntries());
        assertTrue(collector(A).isReferenced(x));
    }

    @Test
    void aSenderThatListensNowhereGetsNothingBackAndItsObjectStaysReferenced() {
        sim.add(A, true);
        sim.add(B, false);
        sim.add(C, true);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        sim.drop(C, x, false);
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(0, sim.totalMessages(), "C cannot reach B, so B never leaves its tree");
        assertEquals(1, collector(C).counters().decrementsDropped());
        assertTrue(collector(A).isReferenced(x));
    }

    @Test
    void aDeadHolderKeepsWhatItHeldReferenced() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.kill(B, new java.util.Random(1));
        sim.tellFailure(A);
        sim.tellFailure(C);
        sim.settleCollectors();
        assertTrue(collector(A).isReferenced(x), "B may have passed x on before it died");
        assertEquals(1, collector(A).sentTo(x, B));
    }

    @Test
    void theSubtreeOfADeadIntermediateStaysSafe() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        sim.kill(B, new java.util.Random(1));
        sim.tellFailure(A);
        sim.tellFailure(C);
        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(0, sim.node(C).sendAttempts, "nothing is sent to a node known dead");
        assertEquals(1, collector(C).counters().decrementsDropped());
        assertEquals(0, collector(C).counters().heldEntries());
        assertTrue(collector(A).isReferenced(x));
    }

    @Test
    void decrementsOwedToANodeThatDiesAreDroppedWithoutASend() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(B, C, x);
        sim.drop(C, x, false);
        sim.tick(C, 0); // C lingers over its window
        sim.kill(B, new java.util.Random(1));
        sim.tellFailure(C);
        sim.settleCollectors();
        assertEquals(0, sim.node(C).sendAttempts);
        assertEquals(1, collector(C).counters().decrementsDropped());
        assertEquals(0, collector(C).counters().pendingDecrements());
    }

    @Test
    void aReferenceArrivingFromANodeAlreadyDeadOwesItNothing() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        assertTrue(sim.pass(B, C, x));
        sim.kill(B, KEEP_ALL); // B's message to C is still delivered
        sim.tellFailure(C);
        sim.deliverApplicationMessages();
        sim.drop(C, x, false);
        sim.settleCollectors();
        assertEquals(0, sim.node(C).sendAttempts);
        assertEquals(1, collector(C).counters().decrementsDropped());
        assertTrue(collector(A).isReferenced(x));
    }

    /** Keeps every message a dying node sent. */
    private static final java.util.Random KEEP_ALL = new java.util.Random(0) {
        private static final long serialVersionUID = 1L;

        @Override
        public int nextInt(int bound) {
            return bound - 1;
        }
    };

    @Test
    void aDecrementSentBeforeItsSenderDiedStillCounts() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.drop(B, x, false);
        sim.tick(B, WINDOW);
        sim.tick(B, WINDOW);
        assertEquals(1, sim.node(B).messagesSent);
        sim.kill(B, KEEP_ALL); // with its decrement still in the channel
        sim.tellFailure(A);
        sim.settleCollectors();
        assertEquals(List.of(x), sim.node(A).unreferencedCalls, "B gave x back before it died");
    }

    @Test
    void aFailedSendIsRetriedThenGivenUpAndTheObjectStaysReferenced() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.node(B).failSends = true;
        sim.drop(B, x, false);
        sim.tick(B, 0);
        sim.tick(B, WINDOW); // attempt 1
        sim.tick(B, Outbox.RETRY_DELAY_MILLIS); // attempt 2
        assertEquals(1, collector(B).counters().pendingDecrements());
        assertEquals(2, sim.node(B).sendAttempts);
        sim.tick(B, 2 * Outbox.RETRY_DELAY_MILLIS); // attempt 3, the last
        assertEquals(3, sim.node(B).sendAttempts);
        assertEquals(0, collector(B).counters().pendingDecrements());
        assertEquals(1, collector(B).counters().decrementsDropped());
        sim.node(B).failSends = false;
        sim.settleCollectors();
        assertTrue(collector(A).isReferenced(x));
    }

    @Test
    void aRetryThatSucceedsDeliversTheDecrement() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.node(B).failSends = true;
        sim.drop(B, x, false);
        sim.tick(B, 0);
        sim.tick(B, WINDOW);
        sim.node(B).failSends = false;
        assertEquals(0, sim.tick(B, Outbox.RETRY_DELAY_MILLIS - 1), "not before its time");
        assertEquals(1, sim.tick(B, 1));
        sim.settleCollectors();
        assertEquals(List.of(x), sim.node(A).unreferencedCalls);
    }

    @Test
    void aDecrementNeverReleasesAnotherNodesCount() {
        nodes(A, B, C);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        pass(A, C, x);
        byte[] forged = DecrementDescriptor.encode(A, java.util.Map.of(x, new long[] {5}), 10).get(0);
        WireBuffer in = new WireBuffer(forged.length);
        System.arraycopy(forged, 0, in.array, 0, forged.length);
        in.flipForRead(0, forged.length);
        collector(A).onMessage(C, in);
        assertEquals(1, collector(A).counters().anomalies(), "C was owed 1, not 5");
        assertEquals(0, collector(A).sentTo(x, C));
        assertEquals(1, collector(A).sentTo(x, B));
        assertTrue(collector(A).isReferenced(x));
    }

    @Test
    void decrementsForAnUnexportedObjectAreIgnored() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        collector(A).unexported(x);
        sim.drop(B, x, false);
        sim.settleCollectors();
        assertEquals(1, sim.totalMessages());
        assertEquals(1, collector(A).counters().anomalies());
        assertEquals(List.of(), sim.node(A).unreferencedCalls);
    }

    @Test
    void aReferenceSentAgainBeforeTheVerdictIsReportedCancelsIt() {
        nodes(A, B);
        ObjectId x = sim.export(A);
        pass(A, B, x);
        sim.drop(B, x, false);
        sim.tick(B, 0);
        sim.tick(B, WINDOW);
        sim.deliver(new Sim.Channel(B, A, true)); // A's count reaches zero
        assertTrue(sim.pass(A, B, x)); // ... and A sends x again before its flusher runs
        sim.tick(A, 0);
        assertEquals(List.of(), sim.node(A).unreferencedCalls);
        assertTrue(collector(A).isReferenced(x));
    }

    @Test
    void requestsAreRefused() {
        nodes(A);
        assertThrows(IOException.class, () -> collector(A).onRequest(B, new WireBuffer(0), new WireBuffer(0)));
    }

    private void assertEmpty(long... ids) {
        for (long id : ids) {
            assertEquals(new ClusterCollector.Counters(0, 0, 0, 0, 0, 0), collector(id).counters(),
                    "node " + Long.toHexString(id));
        }
    }
}
