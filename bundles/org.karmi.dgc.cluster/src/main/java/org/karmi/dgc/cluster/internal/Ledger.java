package org.karmi.dgc.cluster.internal;

import java.util.ArrayList;
import java.util.HashMap;
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
 */
final class Ledger {

    /** Parent of an entry that never sends a decrement: a replayed stub, or a stub first seen being passed on. */
    static final long NO_PARENT = 0;

    private final long self;
    private final Outbox outbox;
    private final Map<ObjectId, Owned> owned = new HashMap<>();
    private final Map<ObjectId, Held> held = new HashMap<>();
    private final Set<ObjectId> verdicts = new LinkedHashSet<>();
    private long anomalies;

    /** An object of this node that went to other nodes. */
    private static final class Owned {
        final NodeCounts sent = new NodeCounts();
        /** Exported before this collector started: references it never counted may exist. */
        boolean adopted;
    }

    /** A remote object referenced from this node. */
    private static final class Held {
        final long parent;
        /** Stubs alive: first arrivals minus unreachable reports (more than 1 while a report is late). */
        int stubs;
        final NodeCounts children = new NodeCounts();

        Held(long parent) {
            this.parent = parent;
            this.stubs = 1;
        }
    }

    Ledger(long self, Outbox outbox) {
        this.self = self;
        this.outbox = outbox;
    }

    void adopted(ObjectId id) {
        owned.computeIfAbsent(id, k -> new Owned()).adopted = true;
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
            // technology, or its replay is still to come): no parent to give back to
            h = new Held(NO_PARENT);
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
        if (fromNode == NO_PARENT) {
            return; // a replayed stub this collector already counts
        }
        // already in the tree: the sender's count for us is one too many
        outbox.add(fromNode, id, 1);
        // a first arrival while we count a stub means that stub's unreachable report is late
        h.stubs = firstOnNode ? h.stubs + 1 : Math.max(h.stubs, 1);
    }

    /** The last stub for {@code id} on this node became unreachable. */
    void unreachable(ObjectId id) {
        Held h = held.get(id);
        if (h == null) {
            return;
        }
        if (h.stubs == 0) {
            anomalies++;
            return;
        }
        h.stubs--;
        leaveIfDone(id, h);
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
