package org.karmi.core.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import org.karmi.spi.dgc.CollectorStatistics;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * The node's distributed collectors: which collector governs the references that travel over
 * each technology ({@link CollectorMapping}), the delivery of events and messages to them (only
 * while installed; a {@link CollectorSession} each), and their swaps: hand-over of state, the
 * passes and one-way messages kept while one is away ({@link AbsentCollectorMail}). The verdict
 * on an object is the {@link ExportedObjects}' (every collector that saw references to it must
 * agree). Thread-safe.
 */
final class CollectorHub {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    /** What the hub needs of the node: its id, UTIDs and the verdict on an object. */
    interface Node {
        long nodeId();

        List<Utid> nodeUtids();

        /** Applies a collector's verdict; returns whether the object was let go. */
        boolean unreferenced(ObjectId id);
    }

    private final Node node;
    private final NodeSettings settings;
    private final Technologies technologies;
    private volatile CollectorMapping mapping;
    private final ConcurrentHashMap<String, CollectorSession> byName = new ConcurrentHashMap<>();
    private final AtomicBoolean toldNoCollector = new AtomicBoolean();
    /** State handed over by stopped collectors, by name, for the next one of that name. */
    private final ConcurrentHashMap<String, byte[]> handedOver = new ConcurrentHashMap<>();
    /** One-way messages for collectors that were installed and are away now, kept for the next one. */
    private final AbsentCollectorMail mail = new AbsentCollectorMail(MAIL_BUDGET_BYTES);

    /** Bytes of one-way messages kept for absent collectors, over all of them. */
    static final int MAIL_BUDGET_BYTES = 8 << 20;
    /** References passed on while their collector was away, kept for its successor (over all collectors). */
    static final int MAX_PASSES_KEPT = 1 << 20;
    /** Longest wait of a stopping collector for the events being delivered to it. */
    static final long DRAIN_MILLIS = 5_000;

    /** (collector name) -> references passed on while it was away: (id, to node), in order. */
    private final java.util.Map<String, java.util.List<Object[]>> passesWhileAway = new java.util.HashMap<>();
    private int passesKept;
    private final AtomicBoolean toldPassesFull = new AtomicBoolean();

    CollectorHub(Node node, NodeSettings settings, Technologies technologies) {
        this.node = node;
        this.settings = settings;
        this.technologies = technologies;
        this.mapping = new CollectorMapping(settings.get().collectorMapping);
    }

    /** Applies a new technology-to-collector mapping to the references that leave from now on. */
    void remap(java.util.Map<String, String> configured) {
        CollectorMapping next = new CollectorMapping(configured);
        if (!next.toString().equals(mapping.toString())) {
            mapping = next;
        }
    }

    /**
     * Starts {@code c} (with the state its predecessor of that name handed over) and adds it;
     * the caller then replays the node's state to it and calls {@link #replayed}.
     */
    void add(DistributedCollector c) {
        CollectorSession old = byName.get(c.name());
        if (old != null && old.collector != c) {
            remove(old.collector);
        }
        CollectorSession e = new CollectorSession(c, handedOver.remove(c.name()), node, settings, technologies);
        c.start(e);
        byName.put(c.name(), e);
        mail.expect(c.name());
        LOG.log(Level.DEBUG, "node {0}: collector {1} started{2}", Long.toHexString(node.nodeId()), c.name(),
                e.handedOver == null ? "" : " with a handed-over state");
    }

    /**
     * The node's state was replayed to {@code c}: it hears of the references passed on while it
     * was away, that the replay is complete, then gets the messages kept meanwhile.
     */
    void replayed(DistributedCollector c) {
        java.util.List<Object[]> passes;
        synchronized (passesWhileAway) {
            passes = passesWhileAway.remove(c.name());
            passesKept -= passes == null ? 0 : passes.size();
        }
        if (passes != null) {
            for (Object[] p : passes) {
                c.referenceSent((ObjectId) p[0], (Long) p[1]);
            }
        }
        c.replayed();
        CollectorSession e = byName.get(c.name());
        if (e != null && e.collector == c) {
            mail.deliver(c.name(), (from, message) -> onMessage(c.name(), from, message));
        }
    }

    /**
     * Stops and removes {@code c}, keeping the state it hands over for its successor; objects
     * it saw references to stay pinned until a collector of its name returns.
     */
    void remove(DistributedCollector c) {
        CollectorSession e = byName.get(c.name());
        if (e != null && e.collector == c && byName.remove(c.name(), e)) {
            e.drain(); // no event may reach it after its state is handed over
            try {
                byte[] state = c.handOver();
                if (state != null) {
                    handedOver.put(c.name(), state);
                }
            } catch (RuntimeException x) {
                LOG.log(Level.WARNING, "collector " + c.name() + " failed to hand over its state", x);
            }
            c.stop();
        }
    }

    void stopAll() {
        for (CollectorSession e : byName.values()) {
            remove(e.collector);
        }
    }

    /** The collector of that name, or {@code null}. */
    DistributedCollector byName(String name) {
        CollectorSession e = name == null || name.isEmpty() ? null : byName.get(name);
        return e == null ? null : e.collector;
    }

    /** The name of the collector that governs references sent over {@code technology}, or {@code null}. */
    String governing(String technology) {
        return mapping.collectorFor(technology, byName.keySet());
    }

    // ----- events, each delivered only while its collector is installed and not stopping -----

    /**
     * A reference to {@code id} governed by collector {@code name} leaves for {@code toNode}.
     * If that collector is away, the pass is kept for its successor (a holder's count of what it
     * passed on must survive a swap).
     */
    void sent(String name, ObjectId id, long toNode) {
        CollectorSession e = enter(name);
        if (e == null) {
            keepPass(name, id, toNode);
            return;
        }
        try {
            e.collector.referenceSent(id, toNode);
        } finally {
            e.exit();
        }
    }

    /** A reference governed by {@code name} arrived; returns whether its collector heard it. */
    boolean received(String name, ObjectId id, List<Utid> owner, long fromNode, List<Utid> from, boolean first) {
        CollectorSession e = enter(name);
        if (e == null) {
            return false;
        }
        try {
            e.collector.referenceReceived(id, owner, fromNode, from, first);
            return true;
        } finally {
            e.exit();
        }
    }

    /** The last stub of {@code id} on this node, governed by {@code name}, became unreachable. */
    void unreachable(String name, ObjectId id) {
        CollectorSession e = enter(name);
        if (e == null) {
            return; // its successor learns the drop from the replay
        }
        try {
            e.collector.referenceUnreachable(id);
        } finally {
            e.exit();
        }
    }

    /** Whether collector {@code name} holds {@code id} referenced (an absent collector does: it cannot say otherwise). */
    boolean referenced(String name, ObjectId id) {
        CollectorSession e = enter(name);
        if (e == null) {
            return true;
        }
        try {
            return e.collector.isReferenced(id);
        } finally {
            e.exit();
        }
    }

    /** Whether a collector of that name was ever installed on this node (it may be away for a swap). */
    boolean everInstalled(String name) {
        return mail.expects(name);
    }

    private CollectorSession enter(String name) {
        CollectorSession e = name == null || name.isEmpty() ? null : byName.get(name);
        return e != null && e.enter() ? e : null;
    }

    private void keepPass(String name, ObjectId id, long toNode) {
        if (name == null || name.isEmpty() || !mail.expects(name)) {
            return;
        }
        synchronized (passesWhileAway) {
            if (passesKept >= MAX_PASSES_KEPT) {
                if (toldPassesFull.compareAndSet(false, true)) {
                    LOG.log(Level.WARNING, "more than {0} references passed on while collector {1} was away: later ones"
                            + " are not counted by its successor", MAX_PASSES_KEPT, name);
                }
                return;
            }
            passesWhileAway.computeIfAbsent(name, k -> new java.util.ArrayList<>()).add(new Object[] {id, toNode});
            passesKept++;
        }
    }

    /** Logs once that a reference left over a technology without a collector. */
    void noCollectorOnce() {
        if (toldNoCollector.compareAndSet(false, true)) {
            LOG.log(Level.INFO, "node {0}: a reference left over a technology without a distributed collector ({1}):"
                    + " such objects stay exported until they are unexported", Long.toHexString(node.nodeId()),
                    byName.isEmpty() ? "no collector installed" : "mapping " + mapping);
        }
    }

    void exported(ObjectId id) {
        for (CollectorSession e : byName.values()) {
            e.collector.exported(id);
        }
    }

    void unexported(ObjectId id) {
        for (CollectorSession e : byName.values()) {
            e.collector.unexported(id);
        }
    }

    /** A technology found node {@code nodeId} dead: every collector releases what it held. */
    void peerFailed(long nodeId) {
        for (CollectorSession e : byName.values()) {
            try {
                e.collector.peerFailed(nodeId);
            } catch (RuntimeException x) {
                LOG.log(Level.WARNING, "collector " + e.collector.name() + " failed on the death of node "
                        + Long.toHexString(nodeId), x);
            }
        }
    }

    /** A ONE_WAY collector message arrived (kept for later if its collector is away). */
    void onMessage(String name, long fromNode, WireBuffer message) {
        CollectorSession e = enter(name);
        if (e == null) { // absent or stopping: its successor gets it
            if (!mail.keep(name, fromNode, message)) {
                LOG.log(Level.DEBUG, "collector message for {0}, which is not installed: dropped", name);
            }
            return;
        }
        try {
            e.received(message.remaining());
            e.collector.onMessage(fromNode, message);
        } finally {
            e.exit();
        }
    }

    /** A collector request arrived (the name is read already): writes the reply at {@code reply.position}. */
    void onRequest(String name, long fromNode, WireBuffer request, WireBuffer reply) {
        CollectorSession e = enter(name);
        int start = reply.position;
        if (e == null) {
            CallPayload.writeFailure(reply, CallPayload.FAILURE_NO_SUCH_OBJECT, "no collector " + name + " on node "
                    + Long.toHexString(node.nodeId()));
            return;
        }
        try {
            e.received(request.remaining());
            reply.writeByte(CallPayload.STATUS_RETURN);
            int body = reply.position;
            e.collector.onRequest(fromNode, request, reply);
            e.sent(reply.position - body);
        } catch (IOException | RuntimeException x) {
            reply.position = start;
            CallPayload.writeFailure(reply, CallPayload.FAILURE_UNMARSHAL_ARGUMENTS, "collector " + name + ": " + x);
        } finally {
            e.exit();
        }
    }

    /** Every collector's statistics, by name. */
    Map<String, CollectorStatistics> statistics() {
        Map<String, CollectorStatistics> m = new LinkedHashMap<>();
        for (CollectorSession e : byName.values()) {
            m.put(e.collector.name(), e.statistics());
        }
        return Collections.unmodifiableMap(m);
    }

    /** The names of the installed collectors. */
    List<String> names() {
        return List.copyOf(byName.keySet());
    }

    @Override
    public String toString() {
        return "collectors " + byName.keySet() + ", " + mapping;
    }
}
