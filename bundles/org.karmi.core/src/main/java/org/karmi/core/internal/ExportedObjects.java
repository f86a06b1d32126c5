package org.karmi.core.internal;

import java.lang.System.Logger.Level;
import java.lang.ref.Cleaner;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.rmi.server.Unreferenced;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.registry.Registry;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.Utid;

/**
 * The server side of the reference layer: the object table, the registries, export and
 * unexport, which UTIDs a reference to a local object advertises, the caller of the running
 * call, and what the collectors decide about local objects (pinning, {@code Unreferenced},
 * leaving the table once unpinned and dropped). Knows nothing of stubs of other nodes or of
 * outgoing calls; makes the stubs of its own objects through a {@link StubMaker}.
 * Thread-safe.
 */
final class ExportedObjects {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    /** Makes the stub handed out for an object of this node. */
    @FunctionalInterface
    interface StubMaker {
        Remote stub(ObjectId id, List<Class<?>> interfaces, ClassLoader loader, ExportRequest request);
    }

    private final long nodeId;
    private final NodeSettings settings;
    private final Technologies technologies;
    private final CollectorHub collectors;
    private final StubFactory stubs;
    private final StubMaker stubMaker;
    private final Cleaner cleaner;
    private final ObjectTable table;
    private final Registries registries;
    /** {@code null} unless the configuration asks to keep the JVM alive while objects are exported. */
    private final KeepAlive keepAlive;
    /**
     * The UTIDs of the endpoints listening for exports that asked for a port or socket factories,
     * by what they asked for, with the number of such exports (guarded by the map's compute).
     */
    private final ConcurrentHashMap<Endpoint, Listening> endpoints = new ConcurrentHashMap<>();

    /** What an export asked of the technologies: a port and socket factories (compared with {@code equals}, as java.rmi). */
    private record Endpoint(int port, java.rmi.server.RMIClientSocketFactory csf, java.rmi.server.RMIServerSocketFactory ssf) {
        static Endpoint of(ExportRequest r) {
            return new Endpoint(r.port(), r.csf(), r.ssf());
        }
    }

    /** The UTIDs of an endpoint and how many exports use it. */
    private record Listening(List<Utid> utids, int exports) {
    }

    ExportedObjects(long nodeId, NodeSettings settings, Technologies technologies, CollectorHub collectors,
            StubFactory stubs, StubMaker stubMaker, Cleaner cleaner) {
        this.nodeId = nodeId;
        this.settings = settings;
        this.technologies = technologies;
        this.collectors = collectors;
        this.stubs = stubs;
        this.stubMaker = stubMaker;
        this.cleaner = cleaner;
        this.table = new ObjectTable(nodeId);
        RegistryImpl impl = new RegistryImpl(this);
        List<Class<?>> ifs = List.of(Registry.class);
        ObjectId id = new ObjectId(nodeId, ObjectTable.REGISTRY_NUMBER);
        Exported e = new Exported(id, impl, stubs.methods(RegistryImpl.class, ifs), ifs, true, settings,
                ExportRequest.ANY);
        e.stub = stubMaker.stub(id, ifs, Registry.class.getClassLoader(), ExportRequest.ANY);
        this.registries = new Registries(table.add(e));
        this.keepAlive = settings.get().keepAlive ? new KeepAlive("karmi-keep-alive-" + Long.toHexString(nodeId)) : null;
    }

    // ----- export and unexport -----

    /**
     * Exports {@code object}, or returns the entry it has.
     *
     * @param refuseExported whether an object exported already is refused ({@code java.rmi}'s way)
     */
    Remote export(Remote object, ExportRequest request, boolean refuseExported) throws ExportException {
        Exported existing = table.byObject(object);
        if (existing == null) {
            listen(request);
            Exported e = newExported(object, request);
            existing = table.add(e);
            if (existing == e) {
                exportedNow(e);
                return e.stub;
            }
            unlisten(request);
        }
        if (refuseExported) {
            throw new ExportException("object already exported");
        }
        return existing.stub;
    }

    /**
     * Exports {@code object} under {@code interfaces}, which need not extend {@link Remote}
     * ({@link KarmiNode#exportAs}); an object exported already is refused.
     */
    Exported exportAs(Remote object, List<Class<?>> interfaces) throws ExportException {
        if (table.byObject(object) != null) {
            throw new ExportException("object already exported");
        }
        ExportRequest request = ExportRequest.ANY;
        listen(request);
        ObjectId id = table.nextId();
        Exported e = new Exported(id, object, stubs.methods(interfaces), interfaces, false, settings, request);
        e.stub = stubMaker.stub(id, interfaces, e.loader, request);
        if (table.add(e) != e) {
            unlisten(request);
            throw new ExportException("object already exported");
        }
        exportedNow(e);
        return e;
    }

    /**
     * Makes the technologies listen for one more export as it asked: on its port (0: where the
     * node listens, opened now by a technology that listens on demand), through its socket
     * factories if it gave any; paired with one {@link #unlisten} when the export ends.
     *
     * @throws ExportException if the port is taken or a factory fails
     */
    private void listen(ExportRequest request) throws ExportException {
        List<Utid> utids = technologies.listen(request.port(), request.ssf(), request.csf());
        if (request.asksForEndpoint()) {
            List<Utid> u = List.copyOf(utids);
            endpoints.merge(Endpoint.of(request), new Listening(u, 1), (old, one) -> new Listening(u, old.exports() + 1));
        }
    }

    /** One export that {@link #listen listened} is gone. */
    private void unlisten(ExportRequest request) {
        if (request.asksForEndpoint()) {
            endpoints.computeIfPresent(Endpoint.of(request),
                    (k, l) -> l.exports() <= 1 ? null : new Listening(l.utids(), l.exports() - 1));
        }
        technologies.unlisten(request.port(), request.ssf(), request.csf());
    }

    /** A new table entry for {@code object} with its stub (not yet in the table). */
    private Exported newExported(Remote object, ExportRequest request) {
        List<Class<?>> ifs = RemoteInterfaces.of(object.getClass());
        MethodTable methods = stubs.methods(object.getClass(), ifs);
        ObjectId id = table.nextId();
        Exported e = new Exported(id, object, methods, ifs, false, settings, request);
        e.stub = stubMaker.stub(id, ifs, e.loader, request);
        return e;
    }

    /** Tells the collectors and the keep-alive about an entry just added to the table. */
    private void exportedNow(Exported e) {
        collectors.exported(e.id);
        if (keepAlive != null && !isRegistry(e)) { // java.rmi: a registry alone keeps no JVM alive
            keepAlive.exported();
        }
    }

    /** Tells the registries, collectors and the keep-alive about an entry just removed from the table. */
    private void unexportedNow(Exported e) {
        registries.removed(e);
        unlisten(e.request);
        collectors.unexported(e.id);
        if (keepAlive != null && !isRegistry(e)) {
            keepAlive.unexported();
        }
    }

    private static boolean isRegistry(Exported e) {
        return e.object() instanceof RegistryImpl;
    }

    boolean unexport(Remote object, boolean force) throws NoSuchObjectException {
        Exported e = table.byObject(object);
        if (e == null || e.permanent) {
            throw new NoSuchObjectException("object not exported: " + (object == null ? null : object.getClass().getName()));
        }
        if (!force && e.inFlight.get() > 0) {
            return false;
        }
        if (table.removeEntry(e)) {
            unexportedNow(e);
        }
        return true;
    }

    /** The stub of an exported object. */
    Remote toStub(Remote object) throws NoSuchObjectException {
        Exported e = table.byObject(object);
        if (e == null) {
            throw new NoSuchObjectException("object not exported: " + (object == null ? null : object.getClass().getName()));
        }
        return e.stub;
    }

    /** The entry of an exported object, or {@code null}. */
    Exported entryOf(Object object) {
        return table.byObject(object);
    }

    /** The entry of the object of this node with that id, or {@code null}. */
    Exported entry(ObjectId id) {
        return id.nodeId() == nodeId ? table.byNumber(id.number()) : null;
    }

    /** The stub of the object of this node with that number, or {@code null}. */
    Remote stubOf(long number) {
        Exported e = table.byNumber(number);
        return e == null ? null : e.stub;
    }

    // ----- registries -----

    Registry registry() {
        return (Registry) registries.own().stub;
    }

    Registry createRegistry(int port, java.rmi.server.RMIClientSocketFactory csf,
            java.rmi.server.RMIServerSocketFactory ssf) throws RemoteException {
        if (port < 0 || port > 0xffff) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        RegistryImpl impl = new RegistryImpl(this);
        synchronized (registries) {
            registries.checkFree(port);
            ExportRequest request = new ExportRequest(port, csf, ssf, null);
            listen(request);
            Exported e = newExported(impl, request);
            table.add(e);
            registries.add(port, e);
            exportedNow(e);
        }
        return impl;
    }

    /**
     * The exported object a call addresses, or {@code null}. The well-known registry number
     * reaches the registry that answers calls arriving over {@code connection}
     * ({@code null}: a local call).
     */
    Exported exportedFor(long objectNode, long objectNumber, ServerConnection connection) {
        if (objectNumber == ObjectTable.REGISTRY_NUMBER && (objectNode == 0 || objectNode == nodeId)) {
            return registries.wellKnown(connection);
        }
        return objectNode == nodeId ? table.byNumber(objectNumber) : null;
    }

    /**
     * The UTIDs a reference to an object of this node carries: those of the endpoint its
     * export asked for (the port's listeners, those of its server socket factory, carrying its
     * client socket factory), else where the node listens.
     */
    List<Utid> advertisedUtids(ExportRequest request) {
        if (request.asksForEndpoint()) {
            Listening l = endpoints.get(Endpoint.of(request));
            if (l != null && !l.utids().isEmpty()) {
                return l.utids();
            }
        }
        return technologies.localUtids();
    }

    // ----- the caller of the running call (for the registry's access check) -----

    /**
     * Whether the call running on this thread comes from this host (local calls always do),
     * as the technology that carried it observed the peer ({@link ServerConnection#peerOnThisHost()}),
     * never from the UTIDs the caller announced.
     */
    boolean callerOnLocalHost() {
        if (settings.get().registryRemoteWrites) {
            return true;
        }
        Object c = CurrentCall.caller();
        if (!(c instanceof ServerConnection sc)) {
            return true;
        }
        return sc.remoteNodeId() == nodeId || sc.peerOnThisHost();
    }

    /** Node id of the caller of the running call (this node for local calls). */
    long currentCallerNode() {
        Object c = CurrentCall.caller();
        return c instanceof ServerConnection sc ? sc.remoteNodeId() : nodeId;
    }

    // ----- what the collectors decide -----

    /**
     * A reference to {@code e} goes out to another node over a technology whose collector is
     * {@code collector} ({@code null}: none): the collector learns it, the object is pinned.
     */
    void referenceSent(Exported e, String collector, long toNode) {
        if (collector == null) {
            if (!e.uncollected) {
                e.uncollected = true;
                collectors.noCollectorOnce();
            }
        } else {
            e.collectors.add(collector);
            collectors.sent(collector, e.id, toNode);
        }
        e.repin();
    }

    /**
     * A collector found {@code id} unreferenced: if every collector that saw references to it
     * agrees and no registry of this node binds it, calls {@link Unreferenced#unreferenced()}
     * and unpins it (it leaves the table once the application drops it). Returns whether it did.
     */
    boolean unreferenced(ObjectId id) {
        if (id.nodeId() != nodeId) {
            return false;
        }
        Exported e = table.byNumber(id.number());
        if (e == null || e.permanent || e.uncollected || isRegistry(e) || e.collectors.isEmpty()
                || registries.binds(id)) {
            return false;
        }
        Remote object;
        boolean watch;
        synchronized (e) {
            if (!e.isPinned()) {
                return false;
            }
            for (String name : e.collectors) {
                if (collectors.referenced(name, id)) {
                    return false; // a collector that saw references is absent or still sees one: stays pinned
                }
            }
            object = e.unpin();
            watch = !e.watched;
            e.watched = true;
        }
        if (object == null) {
            return false;
        }
        if (watch) {
            cleaner.register(object, () -> collected(e));
        }
        if (object instanceof Unreferenced u) {
            try {
                u.unreferenced();
            } catch (RuntimeException x) {
                LOG.log(Level.WARNING, "unreferenced() of " + e + " threw", x);
            }
        }
        return true;
    }

    /** A binding to {@code id} left a registry of this node: the collectors' verdict may apply now. */
    void unbound(ObjectId id) {
        unreferenced(id); // checks every collector that saw references, as a collector's own verdict is checked
    }

    /** An unpinned object became unreachable: its entry leaves the table. */
    private void collected(Exported e) {
        if (!e.isPinned() && table.removeEntry(e)) {
            unexportedNow(e);
        }
    }

    /** Tells a collector that just started about every object exported before it. */
    void adoptAll(DistributedCollector c) {
        for (Exported e : table.all()) {
            if (e.collectors.contains(c.name())) {
                c.adopted(e.id);
            } else {
                c.exported(e.id);
            }
        }
    }

    // ----- state -----

    /** A snapshot of every export, in export order. */
    List<org.karmi.ExportInfo> describe() {
        List<Exported> all = table.all();
        all.sort(java.util.Comparator.comparingLong(e -> e.id.number()));
        List<org.karmi.ExportInfo> out = new java.util.ArrayList<>(all.size());
        for (Exported e : all) {
            Remote o = e.object();
            String state = e.permanent || isRegistry(e) ? "permanent" : e.uncollected ? "uncollected"
                    : e.isPinned() ? "pinned" : "unreferenced";
            out.add(new org.karmi.ExportInfo(e.id, o == null ? e.toString() : o.getClass().getName(),
                    java.util.Arrays.asList(InterfaceNames.names(e.interfaces)), e.request.port(), e.inFlight.get(),
                    state, java.util.Set.copyOf(e.collectors)));
        }
        return out;
    }

    /** Unexports everything (the node closed). */
    void clear() {
        table.clear();
        registries.clear();
        if (keepAlive != null) {
            keepAlive.release();
        }
    }

    ObjectTable table() {
        return table;
    }

    int size() {
        return table.size();
    }

    int keepAliveCount() {
        return keepAlive == null ? 0 : keepAlive.count();
    }

    long nodeId() {
        return nodeId;
    }

    /** The reference of the stub of an exported object, or {@code null}. */
    RemoteRef refOfExported(Object object) {
        Exported e = table.byObject(Objects.requireNonNull(object));
        return e == null ? null : StubFactory.refOf(e.stub);
    }
}
