package org.karmi.dgc.lease.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.FLAG_STRONG;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_CLEAN;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_DIRTY;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.karmi.dgc.lease.internal.SimNetwork.Fate;
import org.karmi.dgc.lease.internal.SimNetwork.Node;
import org.karmi.dgc.lease.internal.SimNetwork.Sent;
import org.karmi.spi.ref.ObjectId;

/**
 * The lease collector's behaviour, example by example, on a {@link SimNetwork}: node 1 owns
 * the objects, nodes 2 and 3 hold references. Lease 1000 ms, CLEAN batches 20 ms, 3 CLEAN
 * retries, call timeout 50 ms.
 */
class LeaseCollectorTest {

    static final long LEASE = 1000;
    static final LeaseSettings SETTINGS = new LeaseSettings(LEASE, 20, 3);

    final SimNetwork net = new SimNetwork(50);
    final Node owner = net.add(1, SETTINGS);
    final Node client = net.add(2, SETTINGS);
    final Node other = net.add(3, SETTINGS);
    final ObjectId a = new ObjectId(1, 1);
    final ObjectId b = new ObjectId(1, 2);

    /** {@code from} writes a reference to {@code id} into a message that {@code to} reads at once. */
    void pass(ObjectId id, Node from, Node to, boolean firstOnNode) {
        from.collector.referenceSent(id, to.id);
        receive(id, to, from.id, firstOnNode);
    }

    /** {@code at} reads a reference from node {@code fromNode} (0: replay to a new collector). */
    void receive(ObjectId id, Node at, long fromNode, boolean firstOnNode) {
        at.collector.referenceReceived(id, net.node(id.nodeId()).utids(), fromNode, List.of(), firstOnNode);
    }

    void export(ObjectId... ids) {
        for (ObjectId id : ids) {
            owner.collector.exported(id);
        }
    }

    @Test
    void eventMethodsSendNothingAndTheThreadSendsOneDirtyForAllNewReferencesOfAnOwner() {
        export(a, b);
        pass(a, owner, client, true);
        pass(b, owner, client, true);
        assertEquals(List.of(), net.sent, "event methods never touch the network");

        net.step(0);

        List<Sent> dirties = net.sent(KIND_DIRTY, 2, 1, 0);
        assertEquals(1, dirties.size());
        assertEquals(2, dirties.get(0).ids());
        assertEquals(LeaseMessageDescriptor.requestLength(2), dirties.get(0).bytes());
        assertTrue(owner.collector.isReferenced(a));
    }

    @Test
    void renewalSendsOneDirtyPerOwnerWithAllItsObjectsEveryHalfLease() {
        Node owner3 = other;
        for (int i = 0; i < 100; i++) {
            owner.collector.exported(new ObjectId(1, i));
            receive(new ObjectId(1, i), client, 0, true);
        }
        for (int i = 0; i < 50; i++) {
            owner3.collector.exported(new ObjectId(3, i));
            receive(new ObjectId(3, i), client, 0, true);
        }

        net.runUntil(5 * LEASE);

        for (long ownerNode : new long[] {1, 3}) {
            List<Sent> dirties = net.sent(KIND_DIRTY, 2, ownerNode, 0);
            int ids = ownerNode == 1 ? 100 : 50;
            for (long period = 0; period < 5 * LEASE; period += LEASE / 2) {
                long from = period;
                List<Sent> in = dirties.stream().filter(s -> s.time() >= from && s.time() < from + LEASE / 2).toList();
                assertEquals(1, in.size(), "DIRTYs to node " + ownerNode + " in [" + from + ", +500): " + in);
                assertEquals(ids, in.get(0).ids());
            }
        }
        assertEquals(List.of(), net.sent(KIND_CLEAN, 0, 0, 0));
        assertTrue(owner.collector.isReferenced(new ObjectId(1, 99)));
    }

    @Test
    void crashedClientsObjectIsUnreferencedWhenItsLeaseEnds() {
        export(a);
        pass(a, owner, client, true);
        net.step(0);
        client.alive = false; // stops sending, no CLEAN, no peerFailed

        net.runUntil(LEASE - 1);
        assertTrue(owner.collector.isReferenced(a));
        assertEquals(List.of(), owner.unreferenced);

        net.runUntil(LEASE);
        assertFalse(owner.collector.isReferenced(a));
        assertEquals(List.of(a), owner.unreferenced);
        assertEquals(0, owner.collector.ownerEntries(), "the ended lease is forgotten");
    }

    @Test
    void cleanEndsTheLeaseOfAReferenceThatCameFromAnotherHolder() {
        export(a);
        receive(a, client, other.id, true); // from another holder: no provisional lease at the owner
        net.step(0);
        assertTrue(owner.collector.isReferenced(a));

        client.collector.referenceUnreachable(a);
        net.runUntil(SETTINGS.cleanBatchMillis());

        List<Sent> cleans = net.sent(KIND_CLEAN, 2, 1, 0);
        assertEquals(1, cleans.size());
        assertEquals(0, cleans.get(0).flags() & FLAG_STRONG, "the DIRTY was answered: an ordinary CLEAN");
        assertFalse(owner.collector.isReferenced(a));
        assertEquals(List.of(a), owner.unreferenced);
    }

    @Test
    void cleanDoesNotEndTheProvisionalLeaseOfAReferenceTheOwnerSent() {
        // the owner cannot tell whether a CLEAN left before or after its latest reference arrived
        export(a);
        pass(a, owner, client, true);
        net.step(0);
        client.collector.referenceUnreachable(a);
        net.runUntil(LEASE - 1);
        assertEquals(1, net.sent(KIND_CLEAN, 2, 1, 0).size());
        assertTrue(owner.collector.isReferenced(a));

        net.runUntil(LEASE);
        assertEquals(List.of(a), owner.unreferenced);
    }

    @Test
    void strongCleanMakesTheOwnerIgnoreALateDirty() {
        export(a);
        net.policy = new SimNetwork.Policy() {
            boolean first = true;

            @Override
            public Fate fate(long from, long to, byte kind) {
                Fate f = first && kind == KIND_DIRTY ? Fate.DELAY : Fate.DELIVER;
                first = false;
                return f;
            }

            @Override
            public long delayMillis() {
                return 300;
            }
        };
        receive(a, client, other.id, true);
        net.step(0); // the DIRTY times out, and is still on its way
        client.collector.referenceUnreachable(a);
        net.runUntil(100);

        Sent clean = net.sent(KIND_CLEAN, 2, 1, 0).get(0);
        assertEquals(FLAG_STRONG, clean.flags() & FLAG_STRONG);
        Sent dirty = net.sent(KIND_DIRTY, 2, 1, 0).get(0);
        assertTrue(dirty.sequence() < clean.sequence());

        net.runUntil(400); // the late DIRTY arrived
        assertEquals(0, net.delayedCount());
        assertFalse(owner.collector.isReferenced(a), "the late DIRTY was ignored");
        assertEquals(1, owner.collector.ownerEntries(), "the sequence number is remembered");

        net.runUntil(100 + 20 + LEASE + LEASE / 16);
        assertEquals(0, owner.collector.ownerEntries(), "for one lease");
        assertEquals(List.of(), owner.unreferenced, "never referenced as far as the owner knows");
    }

    @Test
    void adoptedObjectsStayReferencedForOneLeaseThenFollowTheDirties() {
        export(a, b);
        receive(a, client, other.id, true);
        net.step(0);
        net.runUntil(300);

        owner.restart();
        owner.collector.adopted(a);
        owner.collector.adopted(b);
        long window = LEASE + Math.max(LEASE / 4, 2 * net.timeoutMillis);

        net.runUntil(300 + window - 1);
        assertTrue(owner.collector.isReferenced(a));
        assertTrue(owner.collector.isReferenced(b), "referenced until one lease (+ grace) has passed");
        assertEquals(List.of(), owner.unreferenced);

        net.runUntil(300 + window + LEASE / 16);
        assertTrue(owner.collector.isReferenced(a), "renewed by the client");
        assertFalse(owner.collector.isReferenced(b));
        assertEquals(List.of(b), owner.unreferenced);
    }

    @Test
    void holderThatPassesAReferenceOnKeepsRenewingItForOneLease() {
        export(a);
        ObjectId unrelated = new ObjectId(1, 7);
        export(unrelated);
        receive(a, client, other.id, true);
        receive(unrelated, client, other.id, true);
        net.step(0);

        net.runUntil(100);
        client.collector.referenceSent(a, other.id); // the message to node 3 is slow
        client.collector.referenceUnreachable(a);
        net.runUntil(100 + LEASE - 1);
        assertEquals(List.of(), net.sent(KIND_CLEAN, 2, 1, 0), "kept for one lease after the send");
        assertTrue(net.sent(KIND_DIRTY, 2, 1, 600).stream().allMatch(s -> s.ids() == 2), "and renewed meanwhile");

        receive(a, other, client.id, true); // arrives late, within the lease
        net.runUntil(100 + LEASE + SETTINGS.cleanBatchMillis());
        assertEquals(1, net.sent(KIND_CLEAN, 2, 1, 0).size());
        assertTrue(owner.collector.isReferenced(a), "node 3's DIRTY came before node 2's CLEAN");
        assertEquals(List.of(), owner.unreferenced);
    }

    @Test
    void cleanWithAnOlderSequenceNumberThanTheLastDirtyIsIgnored() throws Exception {
        export(a);
        RequestBytes r = new RequestBytes(owner);
        r.send(2, KIND_DIRTY, 0, 10, LEASE, a.number());
        r.send(2, KIND_CLEAN, 0, 9, 0, a.number()); // reordered: sent before the DIRTY
        assertTrue(owner.collector.isReferenced(a));
        r.send(2, KIND_DIRTY, 0, 10, LEASE, a.number()); // duplicate
        r.send(2, KIND_CLEAN, 0, 11, 0, a.number());
        assertFalse(owner.collector.isReferenced(a));
        r.send(2, KIND_DIRTY, 0, 10, LEASE, a.number()); // late duplicate of an answered DIRTY
        assertTrue(owner.collector.isReferenced(a), "an ordinary CLEAN forgets the sequence number (java.rmi)");
    }

    @Test
    void unansweredCleanIsRetriedWithItsSequenceNumberABoundedNumberOfTimes() {
        export(a);
        receive(a, client, other.id, true);
        net.step(0);
        net.policy = (from, to, kind) -> kind == KIND_CLEAN ? Fate.DROP_REQUEST : Fate.DELIVER;
        client.collector.referenceUnreachable(a);

        net.runUntil(10 * LEASE);

        List<Sent> cleans = net.sent(KIND_CLEAN, 2, 1, 0);
        assertEquals(1 + SETTINGS.maxCleanRetries(), cleans.size());
        assertEquals(1, cleans.stream().map(Sent::sequence).distinct().count());
        assertEquals(0, client.collector.heldObjects());
        assertEquals(List.of(a), owner.unreferenced, "the lease expired on its own");
        assertTrue(client.collector.nextDeadline() == Long.MAX_VALUE, "nothing left to do");
    }

    @Test
    void unansweredDirtyIsRetriedWithBackoffAndEveryObjectOfTheOwner() {
        export(a, b);
        receive(a, client, other.id, true);
        net.step(0);
        net.policy = (from, to, kind) -> Fate.DROP_REQUEST;
        receive(b, client, other.id, true);
        net.runUntil(LEASE / 2 - 1);

        List<Sent> all = net.sent(KIND_DIRTY, 2, 1, 0);
        List<Sent> failed = all.subList(1, all.size()); // the first one was answered
        assertTrue(failed.size() >= 3, "retried: " + failed);
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < failed.size(); i++) {
            gaps.add(failed.get(i).time() - failed.get(i - 1).time());
            assertEquals(2, failed.get(i).ids(), "a retry renews everything held at the owner");
        }
        assertTrue(gaps.get(1) > gaps.get(0), "backoff: " + gaps);
        assertTrue(gaps.stream().allMatch(g -> g <= LEASE / 8), "at most an eighth of the lease: " + gaps);

        net.policy = SimNetwork.RELIABLE;
        net.runUntil(LEASE / 2 + LEASE / 8);
        assertTrue(owner.collector.isReferenced(a));
        assertTrue(owner.collector.isReferenced(b));
    }

    @Test
    void referenceReceivedAfterAFailedDirtyOfAnObjectSinceDroppedGetsItsDirty() {
        // found by the safety property (seed 448): the failure count outlived the objects it was
        // about, while a CLEAN retry kept the owner's entry
        export(a, b);
        net.policy = (from, to, kind) -> net.now <= SETTINGS.cleanBatchMillis() ? Fate.DROP_REQUEST : Fate.DELIVER;
        receive(a, client, other.id, true);
        net.step(0);
        client.collector.referenceUnreachable(a);
        net.runUntil(SETTINGS.cleanBatchMillis() + 1);
        receive(b, client, other.id, true);
        net.runUntil(LEASE / 2);
        assertTrue(owner.collector.isReferenced(b));
        assertEquals(1, net.sent(KIND_DIRTY, 2, 1, 1).size());
    }

    @Test
    void referenceReceivedAgainBeforeItsCleanWasSentCancelsTheClean() {
        export(a);
        receive(a, client, other.id, true);
        net.step(0);
        client.collector.referenceUnreachable(a); // CLEAN due at 20
        net.runUntil(10);
        receive(a, client, other.id, true);
        net.runUntil(LEASE / 2 - 1);
        assertEquals(List.of(), net.sent(KIND_CLEAN, 2, 1, 0), "a CLEAN sent now would carry a newer number "
                + "than the DIRTY of the new holding, and end its lease");
        assertTrue(owner.collector.dirtyUntil(a, client.id) > net.now);
    }

    @Test
    void referenceReceivedAgainWhileItsCleanIsRetriedLeavesTheRetry() {
        export(a, b);
        receive(a, client, other.id, true);
        receive(b, client, other.id, true);
        net.step(0);
        net.policy = (from, to, kind) -> kind == KIND_CLEAN && net.now < 50 ? Fate.DROP_REQUEST : Fate.DELIVER;
        client.collector.referenceUnreachable(a);
        client.collector.referenceUnreachable(b);
        net.runUntil(30); // the CLEAN of a and b failed at 20: retried at 82
        receive(a, client, other.id, true);
        net.runUntil(LEASE / 2 - 1);
        List<Sent> cleans = net.sent(KIND_CLEAN, 2, 1, 0);
        assertEquals(List.of(2, 1), cleans.stream().map(Sent::ids).toList(), "the retry names b only");
        assertTrue(owner.collector.isReferenced(a));
        assertFalse(owner.collector.isReferenced(b));
    }

    @Test
    void bigBatchesAreSplitIntoRequestsOfAtMost4096Objects() {
        for (int i = 0; i < 10_000; i++) {
            owner.collector.exported(new ObjectId(1, i));
            receive(new ObjectId(1, i), client, other.id, true);
        }
        net.step(0);
        assertEquals(List.of(4096, 4096, 1808), net.sent(KIND_DIRTY, 2, 1, 0).stream().map(Sent::ids).toList());

        for (int i = 0; i < 10_000; i++) {
            client.collector.referenceUnreachable(new ObjectId(1, i));
        }
        net.runUntil(SETTINGS.cleanBatchMillis());
        assertEquals(List.of(4096, 4096, 1808), net.sent(KIND_CLEAN, 2, 1, 0).stream().map(Sent::ids).toList());
        assertEquals(10_000, owner.unreferenced.size());
    }

    @Test
    void peerFailedEndsTheDeadClientsLeasesAfterAGraceOfTwoCallTimeouts() {
        export(a);
        pass(a, owner, client, true);
        net.step(0);
        net.runUntil(100);
        client.alive = false;
        owner.collector.peerFailed(client.id);

        net.runUntil(100 + 2 * net.timeoutMillis - 1);
        assertTrue(owner.collector.isReferenced(a));
        net.runUntil(100 + 2 * net.timeoutMillis);
        assertEquals(List.of(a), owner.unreferenced);
    }

    @Test
    void peerFailedOfAnOwnerForgetsItsObjects() {
        export(a, b);
        receive(a, client, other.id, true);
        receive(b, client, other.id, true);
        net.step(0);
        owner.alive = false;
        client.collector.peerFailed(owner.id);
        int before = net.sent.size();

        net.runUntil(3 * LEASE);
        assertEquals(0, client.collector.heldObjects());
        assertEquals(before, net.sent.size(), "no DIRTY or CLEAN to a dead node");
    }

    @Test
    void requestedLeaseIsCappedByTheOwnersAndRenewalFollowsTheGrant() {
        Node longLease = net.add(4, SETTINGS.withLeaseMillis(10 * LEASE));
        export(a);
        receive(a, longLease, other.id, true);
        net.runUntil(2 * LEASE);
        List<Sent> dirties = net.sent(KIND_DIRTY, 4, 1, 0);
        assertEquals(List.of(0L, 500L, 1000L, 1500L, 2000L), dirties.stream().map(Sent::time).toList());
    }

    @Test
    void changedLeaseAppliesToLeasesGrantedFromThenOn() {
        export(a);
        receive(a, client, other.id, true);
        net.step(0);
        owner.collector.configure(SETTINGS.withLeaseMillis(LEASE / 4));
        net.runUntil(LEASE);
        List<Long> times = net.sent(KIND_DIRTY, 2, 1, 0).stream().map(Sent::time).toList();
        assertEquals(List.of(0L, 500L, 625L, 750L, 875L, 1000L), times, "renewals at half the new grant");
    }

    @Test
    void dirtyForObjectsTheOwnerDoesNotExportLeavesNoState() throws Exception {
        export(a);
        owner.collector.unexported(a);
        new RequestBytes(owner).send(2, KIND_DIRTY, 0, 5, LEASE, a.number(), 99, 100);
        assertEquals(0, owner.collector.ownerEntries());
        assertFalse(owner.collector.isReferenced(a));
    }

    @Test
    void restartedHolderRenewsItsLiveStubsAtOnce() {
        export(a);
        receive(a, client, 0, true);
        net.step(0);
        net.runUntil(200);
        client.restart();
        receive(a, client, 0, true); // the reference layer replays the live stub
        net.step(200);
        List<Sent> dirties = net.sent(KIND_DIRTY, 2, 1, 0);
        assertEquals(2, dirties.size());
        assertNotEquals(dirties.get(0).sequence(), dirties.get(1).sequence());
        net.runUntil(5 * LEASE);
        assertTrue(owner.collector.isReferenced(a), "the new collector's DIRTYs were accepted");
    }

    @Test
    void referenceReplayedToANewCollectorIsKeptForOneLease() {
        // found by the safety property (seed 67744): the old collector had passed the reference
        // on; the new one, told only of the live stub, must not CLEAN it as soon as it is dropped
        export(a);
        receive(a, client, other.id, true);
        net.step(0);
        client.collector.referenceSent(a, other.id);
        net.runUntil(100);
        client.restart();
        receive(a, client, 0, true);
        client.collector.referenceUnreachable(a);
        net.runUntil(100 + LEASE - 1);
        assertEquals(List.of(), net.sent(KIND_CLEAN, 2, 1, 0));
        assertTrue(owner.collector.isReferenced(a));
        net.runUntil(100 + LEASE + SETTINGS.cleanBatchMillis());
        assertEquals(1, net.sent(KIND_CLEAN, 2, 1, 0).size());
    }

    @Test
    void stoppedCollectorCountsEveryObjectAsReferencedAndRefusesRequests() {
        export(a);
        owner.collector.stop();
        assertTrue(owner.collector.isReferenced(a));
        assertTrue(owner.collector.isReferenced(b));
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> new RequestBytes(owner).send(2, KIND_DIRTY, 0, 5, LEASE, a.number()));
        assertTrue(e.getMessage().contains("stopped"), e.getMessage());
        assertEquals(Set.of(), Set.copyOf(owner.unreferenced));
    }
}
