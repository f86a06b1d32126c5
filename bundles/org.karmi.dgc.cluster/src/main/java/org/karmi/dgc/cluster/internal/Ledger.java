package org.karmi.dgc.cluster.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.karmi.spi.ref.ObjectId;

/**
 * The indirect reference counts of one node (Piquer's diffusion trees): for each object of
 * this node, the references sent to each other node and not yet given back; for each remote
 * object held here, the node it first came from (the parent), the stubs alive and the
 * references passed on to each other node and not yet given back. Decrements this node owes
 * go to the {@link Outbox}; objects whose count reached zero to {@link #takeVerdicts}.
 * Not thread-safe: {@link ClusterCollector} calls it under its lock.
 *
 * <p>Invariant behind safety: a node stays in the tree (keeps its entry and owes its parent
 * one decrement) while it has a live stub or any count of its own is positive, so every live
 * stub and every reference in flight hangs on a chain of positive counts up to the owner.
 * Counts never go negative: a decrement a node was not owed is ignored and counted in
 * {@link #anomalies}.
 *
 * <p>Continuing a predecessor's state ({@link HandOverCodec}): its counts are exact, so an
 * adopted object it does not count is at zero (and is re-announced, in case its verdict was lost
 * while no collector was installed); a held entry it counted a live stub for waits for the
 * replay, and one the replay did not confirm was dropped while no collector was installed. No
 * held entry leaves the tree before {@link #replayed}: until then the reference layer may still
 * report references the node passed on while no collector was installed.
 */
final class Ledger {

    /** Parent of an entry that never sends a decrement: a replayed stub, or a stub first seen being passed on. */
    static final long NO_PARENT = 0;

    private final long self;
    private final Outbox outbox;
    private final Map<ObjectId, Owned> owned = new HashMap<>();
    private final Map<ObjectId, Held> held = new HashMap<>();
    private final Set<ObjectId> verdicts = new LinkedHashSet<>();
    /** Held entries of a handed-over state with live stubs that neither the replay nor a live event confirmed yet. */
    private final Set<ObjectId> awaitingReplay = new HashSet<>();
    /** Held entries done while {@link #replaying}: they leave at {@link #replayed} unless counted again. */
    private final Set<ObjectId> deferred = new LinkedHashSet<>();
    /** Continues a handed-over state: what it does not count is at zero. */
    private boolean exact;
    /** Continues a handed-over state and {@link #replayed} has not come yet. */
    private boolean replaying;
    private long anomalies;

    /** An object of this node that went to other nodes. */
    private static final class Owned {
        final NodeCounts sent;
        /** Exported before this collector started: references it never counted may exist. */
        boolean adopted;

        Owned(NodeCounts sent) {
            this.sent = sent;
        }

        Owned() {
            this(new NodeCounts());
        }
    }

    /** A remote object referenced from this node. */
    private static final class Held {
        final long parent;
        /** Stubs alive: first arrivals minus unreachable reports (more than 1 while a report is late). */
        int stubs;
        final NodeCounts children;

        Held(long parent, int stubs, NodeCounts children) {
            this.parent = parent;
            this.stubs = stubs;
            this.children = children;
        }

        Held(long parent) {
            this(parent, 1, new NodeCounts());
        }
    }

    /** Receives the owned entries, for a hand-over. */
    interface OwnedVisitor {
        void owned(ObjectId id, boolean adopted, NodeCounts sent);
    }

    /** Receives the held entries, for a hand-over. */
    interface HeldVisitor {
        void held(ObjectId id, long parent, int stubs, NodeCounts children);
    }

    Ledger(long self, Outbox outbox) {
        this.self = self;
        this.outbox = outbox;
    }

    void adopted(ObjectId id) {
        if (!exact) {
            owned.computeIfAbsent(id, k -> new Owned()).adopted = true;
        } else if (!owned.containsKey(id)) {
            // its count was zero when the state was handed over; its verdict may have been
            // refused while no collector of this name was installed: tell it again
            verdicts.add(id);
        }
    }

    void unexported(ObjectId id) {
        owned.remove(id);
        verdicts.remove(id);
    }

    /** A reference to {@code id} is written into a message to {@code toNode}. */
    void sent(ObjectId id, long toNode) {
        if (toNode == self || toNode == NO_PARENT) {
            anomalies++;
            return;
        }
        if (id.nodeId() == self) {
            owned.computeIfAbsent(id, k -> new Owned()).sent.add(toNode, 1);
            return;
        }
        Held h = held.get(id);
        if (h == null) {
            // a stub this collector never saw arrive (it came over another collector's
            // technology, or its replay is still to come): no parent to give back to. Before
            // the replay ends it may be a pass-on made while no collector was installed, by a
            // stub gone since: the replay counts the stub if it lives
            h = new Held(NO_PARENT, replaying ? 0 : 1, new NodeCounts());
            held.put(id, h);
        }
        h.children.add(toNode, 1);
    }

    /** A reference to {@code id} arrived from {@code fromNode} (0: replay of a live stub). */
    void received(ObjectId id, long fromNode, boolean firstOnNode) {
        if (fromNode == self) {
            anomalies++;
            return;
        }
        if (id.nodeId() == self) {
            // came home: the sender counted it as passed to us, give it back
            if (fromNode != NO_PARENT) {
                outbox.add(fromNode, id, 1);
            }
            return;
        }
        Held h = held.get(id);
        if (h == null) {
            held.put(id, new Held(fromNode));
            return;
        }
        // a live holding seen for an entry of a handed-over state: the node holds it once now
        // (the reference layer reports one drop per holding, and none reach a collector that is away)
        boolean confirmed = awaitingReplay.remove(id);
        if (fromNode == NO_PARENT) {
            // a replayed stub this collector already counts, or an entry that counted only what it passed on
            h.stubs = confirmed ? 1 : Math.max(h.stubs, 1);
            return;
        }
        // already in the tree: the sender's count for us is one too many
        outbox.add(fromNode, id, 1);
        // a first arrival while we count a stub means that stub's unreachable report is late
        h.stubs = confirmed ? 1 : firstOnNode ? h.stubs + 1 : Math.max(h.stubs, 1);
    }

    /** The last stub for {@code id} on this node became unreachable. */
    void unreachable(ObjectId id) {
        Held h = held.get(id);
        if (h == null) {
            return;
        }
        if (awaitingReplay.remove(id)) {
            h.stubs = 0; // the holding of a handed-over state ended
        } else if (h.stubs == 0) {
            anomalies++;
            return;
        } else {
            h.stubs--;
        }
        leaveIfDone(id, h);
    }

    /**
     * The reference layer has replayed every live stub: the entries of a handed-over state
     * whose stubs it did not confirm were dropped while no collector was installed, and leave
     * the tree as a drop would make them.
     */
    void replayed() {
        if (!replaying) {
            return;
        }
        replaying = false;
        for (ObjectId id : awaitingReplay) {
            held.get(id).stubs = 0;
            deferred.add(id);
        }
        awaitingReplay.clear();
        for (ObjectId id : deferred) {
            Held h = held.get(id);
            if (h != null) {
                leaveIfDone(id, h);
            }
        }
        deferred.clear();
    }

    /** Node {@code fromNode} gives back {@code n} (positive) references to {@code id} it received from here. */
    void decremented(long fromNode, ObjectId id, long n) {
        if (id.nodeId() == self) {
            Owned o = owned.get(id);
            if (o == null) {
                anomalies++; // unknown (or already unexported) object
                return;
            }
            if (o.sent.subtract(fromNode, n) < n) {
                anomalies++;
            }
            if (o.sent.isEmpty() && !o.adopted) {
                owned.remove(id);
                verdicts.add(id);
            }
            return;
        }
        Held h = held.get(id);
        if (h == null) {
            anomalies++;
            return;
        }
        if (h.children.subtract(fromNode, n) < n) {
            anomalies++;
        }
        leaveIfDone(id, h);
    }

    private void leaveIfDone(ObjectId id, Held h) {
        if (h.stubs == 0 && h.children.isEmpty()) {
            if (replaying) {
                deferred.add(id);
                return;
            }
            held.remove(id);
            if (h.parent != NO_PARENT) {
                outbox.add(h.parent, id, 1);
            }
        }
    }

    /** Whether another node may hold or be receiving a reference to this node's object {@code id}. */
    boolean isReferenced(ObjectId id) {
        // entries leave at zero unless adopted
        return owned.containsKey(id);
    }

    boolean hasVerdicts() {
        return !verdicts.isEmpty();
    }

    /** The objects whose count reached zero since the last call (to be re-checked before they are reported). */
    List<ObjectId> takeVerdicts() {
        if (verdicts.isEmpty()) {
            return List.of();
        }
        List<ObjectId> out = new ArrayList<>(verdicts);
        verdicts.clear();
        return out;
    }

    // ----- hand-over -----

    void forEachOwned(OwnedVisitor v) {
        owned.forEach((id, o) -> v.owned(id, o.adopted, o.sent));
    }

    void forEachHeld(HeldVisitor v) {
        held.forEach((id, h) -> v.held(id, h.parent, h.stubs, h.children));
    }

    /** The objects whose count reached zero and whose verdict is not reported yet. */
    Set<ObjectId> pendingVerdicts() {
        return Collections.unmodifiableSet(verdicts);
    }

    /** From now on this ledger continues a handed-over state: its counts are exact. */
    void continueHandedOver() {
        exact = true;
        replaying = true;
    }

    /** Restores an owned entry; false if {@code id} has one already. */
    boolean restoreOwned(ObjectId id, boolean adopted, NodeCounts sent) {
        Owned o = new Owned(sent);
        o.adopted = adopted;
        return owned.putIfAbsent(id, o) == null;
    }

    /** Restores a held entry (with live stubs: waiting for the replay to confirm them); false if {@code id} has one already. */
    boolean restoreHeld(ObjectId id, long parent, int stubs, NodeCounts children) {
        if (held.putIfAbsent(id, new Held(parent, stubs, children)) != null) {
            return false;
        }
        if (stubs > 0) {
            awaitingReplay.add(id);
        }
        return true;
    }

    void restoreVerdict(ObjectId id) {
        verdicts.add(id);
    }

    /** Held entries whose live stubs the replay has yet to confirm (tests, diagnostics). */
    int awaitingReplay() {
        return awaitingReplay.size();
    }

    /** Decrements ignored because this node was not owed them, and unreachable reports without a stub. */
    long anomalies() {
        return anomalies;
    }

    int ownedEntries() {
        return owned.size();
    }

    int heldEntries() {
        return held.size();
    }

    /** How many references to {@code id} this node sent to {@code node} and has not got back (tests, diagnostics). */
    long sentTo(ObjectId id, long node) {
        if (id.nodeId() == self) {
            Owned o = owned.get(id);
            return o == null ? 0 : o.sent.get(node);
        }
        Held h = held.get(id);
        return h == null ? 0 : h.children.get(node);
    }
}
