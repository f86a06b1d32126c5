package org.karmi.core.internal;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.lang.System.Logger.Level;
import java.lang.ref.Cleaner;
import java.lang.ref.WeakReference;
import java.net.MalformedURLException;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.Unreferenced;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.RegistryUrl;
import org.karmi.RemoteRuntime;
import org.karmi.registry.Registry;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.ref.StubReference;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * A KaRMI node: the reference layer's {@link RemoteRuntime}. Owns the object table, the
 * registry, the running technologies (to which it is the {@link TechnologyContext}), the
 * collectors, and makes the calls: over a technology, or through the local short-cut for
 * objects of this node. Besides its own registry it keeps the registries made by
 * {@link #createRegistry} ({@link Registries}), resolves serialized stubs
 * ({@link StubReference.Resolver}) and, for the node behind the static facade, keeps the JVM
 * alive while objects are exported ({@link KeepAlive}). Plain Java: the DS component and the
 * {@code ServiceLoader} factory are thin adapters over it, and tests build it directly.
 * Thread-safe.
 */
public final class KarmiNode implements RemoteRuntime, TechnologyContext, StubReference.Resolver {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    private final long nodeId;
    private final NodeConfig config;
    private final Serializer serializer;
    private final ObjectTable table;
    private final Technologies technologies;
    private final Collectors collectors;
    private final Dispatcher dispatcher;
    private final StubFactory stubs = new StubFactory();
    private final Registries registries;
    /** {@code null} unless the configuration asks to keep the JVM alive while objects are exported. */
    private final KeepAlive keepAlive;
    private final ThreadLocal<LocalStreams> localStreams;
    private final ConcurrentHashMap<ObjectId, StubEntry> remoteStubs = new ConcurrentHashMap<>();
    private final Cleaner cleaner = Cleaner.create();
    private final InboundByteBudget inboundBudget;
    /** The UTIDs of the endpoints listening on a port an export asked for, by port (not 0). */
    private final ConcurrentHashMap<Integer, List<Utid>> portUtids = new ConcurrentHashMap<>();
    private volatile boolean closed;
    private volatile InterfaceResolver interfaces = InterfaceResolver.LOADER_ONLY;

    /** Creates a node with no technology yet; add them with {@link #addTechnology}. */
    public KarmiNode(NodeConfig config, Serializer serializer) {
        this.nodeId = newNodeId();
        this.config = Objects.requireNonNull(config, "config");
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        this.table = new ObjectTable(nodeId);
        this.technologies = new Technologies(config.preference);
        this.inboundBudget = config.inboundBudgetBytes == 0 ? InboundByteBudget.ofHeapFraction()
                : new InboundByteBudget(config.inboundBudgetBytes);
        this.collectors = new Collectors(this);
        this.dispatcher = new Dispatcher(this, config.dispatchThreads);
        this.localStreams = ThreadLocal.withInitial(() -> new LocalStreams(this, serializer));
        RegistryImpl impl = new RegistryImpl(this);
        List<Class<?>> ifs = List.of(Registry.class);
        ObjectId id = new ObjectId(nodeId, ObjectTable.REGISTRY_NUMBER);
        Exported e = new Exported(id, impl, stubs.methods(RegistryImpl.class, ifs), ifs, true, config.allow,
                ExportRequest.ANY);
        e.stub = stubs.stub(new RemoteRef(this, id, names(ifs), null, Registry.class.getClassLoader()), ifs);
        this.registries = new Registries(table.add(e));
        this.keepAlive = config.keepAlive ? new KeepAlive("karmi-keep-alive-" + Long.toHexString(nodeId)) : null;
    }

    private static long newNodeId() {
        SecureRandom r = new SecureRandom();
        long id;
        do {
            id = r.nextLong();
        } while (id == 0);
        return id;
    }

    // ----- configuration and parts -----

    @Override
    public long nodeId() {
        return nodeId;
    }

    NodeConfig config() {
        return config;
    }

    Serializer serializer() {
        return serializer;
    }

    Technologies technologies() {
        return technologies;
    }

    Collectors collectors() {
        return collectors;
    }

    Dispatcher dispatcher() {
        return dispatcher;
    }

    // ----- technologies and collectors -----

    /**
     * Starts {@code t} for this node and adds it: objects exported from now on advertise its
     * UTID, new connections may use it.
     *
     * @throws IOException if it cannot start (for example its port is in use)
     */
    public void addTechnology(Technology t) throws IOException {
        if (closed) {
            throw new IllegalStateException("node closed");
        }
        if (technologies.contains(t)) {
            return;
        }
        t.start(this);
        technologies.add(t);
        LOG.log(Level.DEBUG, "node {0}: technology {1} started: {2}", Long.toHexString(nodeId), t.name(), t);
    }

    /** Removes and closes {@code t}; calls in flight over it end in a {@link RemoteException}. */
    public void removeTechnology(Technology t) {
        if (technologies.remove(t)) {
            t.close();
        }
    }

    /** The running technologies, in preference order. */
    public List<Technology> runningTechnologies() {
        return technologies.all();
    }

    /** Adds a distributed collector (it is started with this node's context). */
    public void addCollector(DistributedCollector c) {
        collectors.add(c);
    }

    /** Removes and stops a collector. */
    public void removeCollector(DistributedCollector c) {
        collectors.remove(c);
    }

    /** One line for people: node id and every UTID it listens on. */
    public String describe() {
        StringBuilder b = new StringBuilder("KaRMI node ").append(Long.toHexString(nodeId));
        List<Utid> utids = localUtids();
        if (utids.isEmpty()) {
            b.append(" has no technology yet");
        } else {
            b.append(" listening on ");
            for (int i = 0; i < utids.size(); i++) {
                b.append(i == 0 ? "" : ", ").append(technologies.describe(utids.get(i)));
            }
        }
        return b.toString();
    }

    /** Closes every technology, unexports every object and stops the collectors. Idempotent. */
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Technology t : technologies.all()) {
            removeTechnology(t);
        }
        dispatcher.shutdown();
        collectors.stopAll();
        table.clear();
        registries.clear();
        if (keepAlive != null) {
            keepAlive.release();
        }
    }

    // ----- TechnologyContext -----

    @Override
    public String serializerName() {
        return serializer.name();
    }

    @Override
    public int serializerVersion() {
        return serializer.version();
    }

    @Override
    public List<Utid> nodeUtids() {
        return localUtids();
    }

    @Override
    public InboundHandler inbound() {
        return dispatcher;
    }

    @Override
    public long ioTimeoutMillis() {
        return config.ioTimeoutMillis;
    }

    @Override
    public InboundByteBudget inboundBudget() {
        return inboundBudget;
    }

    // ----- RemoteRuntime -----

    @Override
    public List<Utid> localUtids() {
        return technologies.localUtids();
    }

    @Override
    public Remote export(Remote object) throws RemoteException {
        return export(object, ExportRequest.ANY, false);
    }

    @Override
    public Remote export(Remote object, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf,
            ObjectInputFilter filter) throws RemoteException {
        return export(object, new ExportRequest(port, csf, ssf, filter), true);
    }

    /**
     * Exports {@code object} (a stub is returned as it is).
     *
     * @param refuseExported whether an object exported already is refused ({@code java.rmi}'s
     *                       way) rather than given its existing stub
     */
    private Remote export(Remote object, ExportRequest request, boolean refuseExported) throws RemoteException {
        Objects.requireNonNull(object, "object");
        checkOpen();
        if (StubFactory.refOf(object) != null) {
            return object;
        }
        Exported existing = table.byObject(object);
        if (existing == null) {
            listen(request.port());
            Exported e = newExported(object, request);
            existing = table.add(e);
            if (existing == e) {
                exportedNow(e);
                return e.stub;
            }
            technologies.unlisten(request.port());
        }
        if (refuseExported) {
            throw new ExportException("object already exported");
        }
        return existing.stub;
    }

    /**
     * Makes the technologies listen on {@code port} for one more export (0: where the node
     * listens, opened now by a technology that listens on demand); paired with one
     * {@link Technologies#unlisten} when the export ends.
     *
     * @throws ExportException if the port is taken
     */
    private void listen(int port) throws ExportException {
        List<Utid> utids = technologies.listen(port);
        if (port != 0) {
            portUtids.put(port, List.copyOf(utids));
        }
    }

    private void checkOpen() throws ExportException {
        if (closed) {
            throw new ExportException("node " + Long.toHexString(nodeId) + " is closed");
        }
    }

    /** A new table entry for {@code object} with its stub (not yet in the table). */
    private Exported newExported(Remote object, ExportRequest request) {
        List<Class<?>> ifs = RemoteInterfaces.of(object.getClass());
        MethodTable methods = stubs.methods(object.getClass(), ifs);
        ObjectId id = table.nextId();
        Exported e = new Exported(id, object, methods, ifs, false, config.allow, request);
        e.stub = stubs.stub(new RemoteRef(this, id, names(ifs), null, e.loader, request), ifs);
        return e;
    }

    /** Tells the collectors and the keep-alive about an entry just added to the table. */
    private void exportedNow(Exported e) {
        collectors.exported(e.id);
        if (keepAlive != null && !(e.object instanceof RegistryImpl)) { // java.rmi: a registry alone keeps no JVM alive
            keepAlive.exported();
        }
        if (e.request.csf() != null || e.request.ssf() != null) {
            LOG.log(Level.DEBUG, "node {0}: {1} asked for socket factories {2}, {3}: recorded; its port's listener"
                    + " and connections use the technology's sockets", Long.toHexString(nodeId), e,
                    e.request.csf(), e.request.ssf());
        }
    }

    /** Tells the registries, collectors and the keep-alive about an entry just removed from the table. */
    private void unexportedNow(Exported e) {
        registries.removed(e);
        technologies.unlisten(e.request.port());
        collectors.unexported(e.id);
        if (keepAlive != null && !(e.object instanceof RegistryImpl)) {
            keepAlive.unexported();
        }
    }

    @Override
    public boolean unexport(Remote object, boolean force) throws NoSuchObjectException {
        Exported e = table.byObject(object);
        if (e == null || e.permanent) {
            throw new NoSuchObjectException("object not exported: " + (object == null ? null : object.getClass().getName()));
        }
        if (!force && e.inFlight.get() > 0) {
            return false;
        }
        table.remove(object);
        unexportedNow(e);
        return true;
    }

    @Override
    public Remote toStub(Remote object) throws NoSuchObjectException {
        if (StubFactory.refOf(object) != null) {
            return object;
        }
        Exported e = table.byObject(object);
        if (e == null) {
            throw new NoSuchObjectException("object not exported: " + (object == null ? null : object.getClass().getName()));
        }
        return e.stub;
    }

    @Override
    public Registry registry() {
        return (Registry) registries.own().stub;
    }

    @Override
    public Registry createRegistry(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        checkOpen();
        if (port < 0 || port > 0xffff) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        RegistryImpl impl = new RegistryImpl(this);
        synchronized (registries) {
            registries.checkFree(port);
            listen(port);
            Exported e = newExported(impl, new ExportRequest(port, csf, ssf, null));
            table.add(e);
            registries.add(port, e);
            exportedNow(e);
        }
        return impl;
    }

    @Override
    public Registry registry(String host, int port) throws RemoteException {
        return registry(host, port, null);
    }

    @Override
    public Registry registry(String host, int port, RMIClientSocketFactory csf) throws RemoteException {
        Utid utid = technologies.utidFor(host, port);
        ObjectId id = new ObjectId(0, ObjectTable.REGISTRY_NUMBER);
        ExportRequest endpoint = csf == null ? ExportRequest.ANY : new ExportRequest(port, csf, null, null);
        return new RegistryStub(new RemoteRef(this, id, names(List.of(Registry.class)), List.of(utid),
                Registry.class.getClassLoader(), endpoint));
    }

    @Override
    public String clientHost() throws ServerNotActiveException {
        return CurrentCall.clientHost();
    }

    @Override
    public Map<String, TechnologyStatistics> statistics() {
        Map<String, TechnologyStatistics> m = new LinkedHashMap<>();
        for (Technology t : technologies.all()) {
            m.putIfAbsent(t.name(), t.statistics());
        }
        return Collections.unmodifiableMap(m);
    }

    @Override
    public Remote lookup(String url) throws RemoteException, NotBoundException, MalformedURLException {
        RegistryUrl u = RegistryUrl.parse(url);
        Registry r = registry(u.host(), u.port());
        return u.hasName() ? r.lookup(u.name()) : r;
    }

    // ----- references and stubs -----

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
        if (r != null) {
            return r;
        }
        Exported e = table.byObject(object);
        return e == null ? null : StubFactory.refOf(e.stub);
    }

    /** The stub for a reference read from a stream. */
    Remote stubFor(ObjectId id, String[] names, List<Utid> utids, ClassLoader loader) {
        if (id.nodeId() == nodeId) {
            Exported e = table.byNumber(id.number());
            if (e != null) {
                return e.stub;
            }
            List<Class<?>> ifs = resolve(names, loader);
            return stubs.stub(new RemoteRef(this, id, names, null, loaderFor(ifs, loader)), ifs);
        }
        utids = List.copyOf(utids);
        StubEntry old = remoteStubs.get(id);
        if (old != null) {
            Remote s = old.get();
            if (s != null && java.util.Arrays.equals(names, old.names) && utids.equals(old.utids)) {
                return s;
            }
        }
        List<Class<?>> ifs = resolve(names, loader);
        Remote stub = stubs.stub(new RemoteRef(this, id, names, utids, loaderFor(ifs, loader)), ifs);
        boolean first = old == null;
        StubEntry entry = new StubEntry(stub, names, utids);
        remoteStubs.put(id, entry);
        if (first) {
            collectors.referenceReceived(id, utids);
        }
        cleaner.register(stub, () -> {
            if (remoteStubs.remove(id, entry)) {
                collectors.referenceUnreachable(id);
            }
        });
        return stub;
    }

    /**
     * The UTIDs a reference to an object of this node carries: those of the endpoint its
     * export asked for, the port's listeners for a non-zero port, else where the node listens.
     */
    List<Utid> advertisedUtids(ExportRequest request) {
        if (request.port() != 0) {
            List<Utid> u = portUtids.get(request.port());
            if (u != null && !u.isEmpty()) {
                return u;
            }
        }
        return localUtids();
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
            stub = stubFor(reference.objectId(), reference.interfaceNames(), reference.utids(), loader);
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

    /** Sets how interface names the message's loader cannot see are found (OSGi: the bundles). */
    void useInterfaceResolver(InterfaceResolver resolver) {
        this.interfaces = Objects.requireNonNull(resolver, "resolver");
    }

    /** The remote interfaces among {@code names} that can be found, {@code loader} first. */
    List<Class<?>> resolve(String[] names, ClassLoader loader) {
        List<Class<?>> out = new ArrayList<>(names.length);
        for (String n : names) {
            Class<?> c = interfaces.find(n, loader);
            if (c == null) {
                LOG.log(Level.DEBUG, "remote interface {0} not visible to {1}: the stub leaves it out", n, loader);
            } else if (c.isInterface() && Remote.class.isAssignableFrom(c)) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * The loader later replies through this stub resolve classes with: the message's own if it
     * sees the stub's first interface, else that interface's loader (its bundle in OSGi).
     */
    private static ClassLoader loaderFor(List<Class<?>> ifs, ClassLoader loader) {
        if (ifs.isEmpty()) {
            return loader;
        }
        Class<?> first = ifs.get(0);
        return InterfaceResolver.LOADER_ONLY.find(first.getName(), loader) == first ? loader : first.getClassLoader();
    }

    private static String[] names(List<Class<?>> ifs) {
        String[] n = new String[ifs.size()];
        for (int i = 0; i < n.length; i++) {
            n[i] = ifs.get(i).getName();
        }
        return n;
    }

    /** The weak handle on the live stub of a remote object, for reuse and for the collectors. */
    private static final class StubEntry extends WeakReference<Remote> {
        final String[] names;
        final List<Utid> utids;

        StubEntry(Remote stub, String[] names, List<Utid> utids) {
            super(stub);
            this.names = names;
            this.utids = utids;
        }
    }

    // ----- calls -----

    /** Starts a call through the local short-cut. */
    LocalCall localCall(RemoteRef ref, long methodHash) throws RemoteException {
        LocalStreams s = localStreams.get();
        if (s.busy) {
            s = new LocalStreams(this, serializer);
        }
        s.acquire();
        try {
            s.caller.codec.prepare(ref.loader, nodeId);
            s.caller.out.begin(s.request);
        } catch (IOException | RuntimeException e) {
            s.caller.resetAll();
            s.release();
            throw new MarshalException("error starting a local call: " + e, e);
        }
        return new LocalCall(this, ref, methodHash, s);
    }

    /** Starts a call over the preferred technology that reaches the reference's node. */
    ConnectionCall connectionCall(RemoteRef ref, long methodHash) throws RemoteException {
        if (closed) {
            throw new java.rmi.ConnectException("node " + Long.toHexString(nodeId) + " is closed");
        }
        Route route = ref.route;
        boolean fresh = false;
        if (route == null || route.generation != technologies.generation()) {
            route = technologies.choose(ref.objectId().nodeId(), ref.utids());
            ref.route = route;
            fresh = true;
        }
        Connection c;
        try {
            c = route.technology.acquire(route.utid, config.connectTimeoutMillis);
        } catch (IOException | RuntimeException e) {
            ref.route = null;
            technologies.forget(ref.objectId().nodeId(), route);
            throw Failures.connectFailed(ref, e instanceof IOException io ? io : new IOException(e.toString(), e));
        }
        if (fresh) {
            technologies.learn(c.remoteNodeId(), route);
        }
        StreamPair streams;
        try {
            Object a = c.attachment();
            if (a instanceof StreamPair p) {
                streams = p;
            } else {
                streams = new StreamPair(this, serializer);
                c.attach(streams);
            }
            WireBuffer request = c.request();
            ObjectId id = ref.objectId();
            CallPayload.writeCallHeader(request, id.nodeId(), id.number(), methodHash);
            streams.codec.prepare(ref.loader, c.remoteNodeId());
            streams.out.begin(request);
        } catch (IOException | RuntimeException e) {
            c.discard();
            throw Failures.marshalFailed(e);
        }
        return new ConnectionCall(this, ref, route, c, streams);
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

    // ----- the caller of the running call (for the registry's access check) -----

    Object enterCall(ServerConnection connection) {
        return CurrentCall.enter(connection);
    }

    void leaveCall(Object previous) {
        CurrentCall.leave(previous);
    }

    /**
     * Whether the call running on this thread comes from this host (local calls always do),
     * as the technology that carried it observed the peer ({@link ServerConnection#peerOnThisHost()}),
     * never from the UTIDs the caller announced.
     */
    boolean callerOnLocalHost() {
        if (config.registryRemoteWrites) {
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

    /** A collector found {@code id} unreferenced: notify the object and let it go. */
    void unreferenced(ObjectId id) {
        if (id.nodeId() != nodeId) {
            return;
        }
        Exported e = table.byNumber(id.number());
        if (e == null || e.permanent) {
            return;
        }
        if (e.object instanceof Unreferenced u) {
            u.unreferenced();
        }
        try {
            table.remove(e.object);
            unexportedNow(e);
        } catch (NoSuchObjectException gone) {
            // unexported meanwhile
        }
    }

    /** The object table (tests). */
    ObjectTable table() {
        return table;
    }

    /** Number of exported objects that keep the JVM alive (registries do not, as in java.rmi). */
    public int exportedCount() {
        return table.size();
    }

    /** Number of exported objects keeping the JVM alive (0 if this node does not keep it alive). */
    int keepAliveCount() {
        return keepAlive == null ? 0 : keepAlive.count();
    }

    @Override
    public String toString() {
        return describe();
    }
}
