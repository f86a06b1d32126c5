package org.karmi.core.internal;

import java.io.InvalidObjectException;
import java.lang.System.Logger.Level;
import java.lang.ref.Cleaner;
import java.lang.ref.WeakReference;
import java.rmi.Remote;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.ref.StubReference;
import org.karmi.spi.transport.Utid;

/**
 * The client side's references: makes the stub for a reference read from a message (reusing
 * the live one), tells the governing collector of every arrival, counts the live stubs of
 * each remote object and tells the collector when the last one became unreachable (a
 * {@link Cleaner}); resolves serialized stubs ({@link StubReference}). Objects of this node
 * get the stub their export made. Thread-safe: the holdings change under this object's monitor.
 */
final class RemoteStubs implements StubReference.Resolver {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    private final long nodeId;
    private final StubFactory stubs;
    private final CallFactory calls;
    private final ExportedObjects exports;
    private final CollectorHub collectors;
    private final InterfaceNames interfaces;
    private final Cleaner cleaner;
    private final Map<ObjectId, Held> held = new HashMap<>();
    private final Set<String> toldAbsent = ConcurrentHashMap.newKeySet();

    RemoteStubs(long nodeId, StubFactory stubs, CallFactory calls, ExportedObjects exports, CollectorHub collectors,
            InterfaceNames interfaces, Cleaner cleaner) {
        this.nodeId = nodeId;
        this.stubs = stubs;
        this.calls = calls;
        this.exports = exports;
        this.collectors = collectors;
        this.interfaces = interfaces;
        this.cleaner = cleaner;
    }

    /**
     * The reference of a stub or an exported object (or of the stub a {@link StubReference}
     * was written for), or {@code null}.
     */
    RemoteRef refOf(Remote object) {
        if (object instanceof StubReference form) {
            Remote origin = form.origin();
            return origin == null ? null : refOf(origin);
        }
        RemoteRef r = StubFactory.refOf(object);
        return r != null ? r : exports.refOfExported(object);
    }

    /**
     * The stub for a reference read from a message of node {@code fromNode} (UTIDs
     * {@code fromUtids}), governed by collector {@code collector} (empty: none).
     */
    Remote stubFor(ObjectId id, String[] names, List<Utid> utids, String collector, long fromNode,
            List<Utid> fromUtids, ClassLoader loader) {
        if (id.nodeId() == nodeId) {
            homeArrival(id, utids, collector, fromNode, fromUtids);
            Remote own = exports.stubOf(id.number());
            if (own != null) {
                return own;
            }
            List<Class<?>> ifs = interfaces.resolve(names, loader);
            return stubs.stub(new RemoteRef(calls, id, names, null, InterfaceNames.loaderFor(ifs, loader),
                    ExportRequest.ANY, ""), ifs);
        }
        utids = List.copyOf(utids);
        Remote stub;
        Held h;
        // collector events under the monitor: an arrival and the drop of an earlier holding never cross
        synchronized (this) {
            h = held.get(id);
            boolean first = h == null;
            if (first) {
                h = new Held(collector, names, utids);
                held.put(id, h);
            }
            stub = h.live(names, utids);
            if (stub == null) {
                h.liveStubs++; // reserved for the stub made below, so a concurrent drop cannot end the holding
            }
            if (collector != null && !collector.isEmpty()) {
                if (collectors.received(collector, id, utids, fromNode, fromUtids == null ? List.of() : fromUtids, first)) {
                    h.collectors.add(collector);
                } else {
                    tellAbsent(collector);
                }
            }
        }
        if (stub == null) {
            Held counted = h;
            try {
                List<Class<?>> ifs = interfaces.resolve(names, loader);
                stub = stubs.stub(new RemoteRef(calls, id, names, utids, InterfaceNames.loaderFor(ifs, loader),
                        ExportRequest.ANY, h.collector), ifs);
            } catch (RuntimeException e) {
                unreachable(id, counted);
                throw e;
            }
            synchronized (this) {
                h.latest = new WeakReference<>(stub);
                h.names = names;
                h.utids = utids;
            }
            cleaner.register(stub, () -> unreachable(id, counted));
        }
        return stub;
    }

    /**
     * A reference to an object of this node came back from another node: its collector hears
     * it (indirect counting gives the sender's count back; a lease collector ignores it).
     */
    private void homeArrival(ObjectId id, List<Utid> utids, String collector, long fromNode, List<Utid> fromUtids) {
        if (fromNode == 0 || fromNode == nodeId || collector == null || collector.isEmpty()) {
            return;
        }
        collectors.received(collector, id, utids, fromNode, fromUtids == null ? List.of() : fromUtids, false);
    }

    /** Warns once per name about references governed by a collector this node never ran (not one away for a swap). */
    private void tellAbsent(String collector) {
        if (!collectors.everInstalled(collector) && toldAbsent.add(collector)) {
            LOG.log(Level.WARNING, "node {0} received references governed by collector {1}, which is not installed"
                    + " here: their owners cannot learn that this node holds them", Long.toHexString(nodeId), collector);
        }
    }

    /** One stub of {@code id} became unreachable; the last one tells the collectors. */
    private synchronized void unreachable(ObjectId id, Held h) {
        if (--h.liveStubs > 0) {
            return;
        }
        held.remove(id, h);
        for (String name : h.collectors) {
            collectors.unreachable(name, id);
        }
    }

    /** Tells a collector that just started about every live stub it governs (sender 0: replay). */
    synchronized void replayTo(DistributedCollector c) {
        for (Map.Entry<ObjectId, Held> e : held.entrySet()) {
            Held h = e.getValue();
            if (h.collector.equals(c.name()) || h.collectors.contains(c.name())) {
                h.collectors.add(c.name());
                c.referenceReceived(e.getKey(), h.utids, 0, List.of(), true);
            }
        }
    }

    /** Number of remote objects this node holds stubs of. */
    synchronized int heldCount() {
        return held.size();
    }

    /**
     * The stub a serialized {@link StubReference} stands for (or a proxy stub's handler for
     * it), interface names resolved through the thread's context class loader.
     */
    @Override
    public Object resolve(StubReference reference) throws InvalidObjectException {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = StubReference.class.getClassLoader();
        }
        Remote stub;
        try {
            stub = stubFor(reference.objectId(), reference.interfaceNames(), reference.utids(), "", 0, List.of(), loader);
        } catch (RuntimeException e) {
            InvalidObjectException x = new InvalidObjectException("cannot make a stub for " + reference + ": " + e);
            x.initCause(e);
            throw x;
        }
        if (!reference.handler()) {
            return stub;
        }
        ProxyStub p = ProxyStub.of(stub);
        return p != null ? p : stubs.proxyHandler(StubFactory.refOf(stub));
    }

    /** The stubs of one remote object on this node: how many are live, which collectors know. */
    private static final class Held {
        /** The collector the first arrival named ({@code ""}: none); the stubs' references carry it on. */
        final String collector;
        final Set<String> collectors = new java.util.HashSet<>(2);
        String[] names;
        List<Utid> utids;
        WeakReference<Remote> latest;
        int liveStubs;

        Held(String collector, String[] names, List<Utid> utids) {
            this.collector = collector == null ? "" : collector;
            this.names = names;
            this.utids = utids;
        }

        /** The latest stub if it is alive and made for the same names and UTIDs, else {@code null}. */
        Remote live(String[] n, List<Utid> u) {
            Remote s = latest == null ? null : latest.get();
            return s != null && Arrays.equals(n, names) && u.equals(utids) ? s : null;
        }
    }
}
