package org.karmi.core.internal;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.lang.System.Logger.Level;
import java.lang.ref.Cleaner;
import java.net.MalformedURLException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.ServerNotActiveException;
import java.security.SecureRandom;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.karmi.RegistryUrl;
import org.karmi.RemoteRuntime;
import org.karmi.registry.Registry;
import org.karmi.spi.dgc.CollectorStatistics;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.ref.StubReference;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.SerialFormat;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;

/**
 * A KaRMI node: assembles the reference layer's parts and offers them as the
 * {@link RemoteRuntime} and, to the technologies, as their {@link TechnologyContext}. The
 * parts, with one-way dependencies:
 * <ul>
 * <li>server side: {@link ExportedObjects} (object table, registries, what the collectors
 * decide about local objects) and the {@link Dispatcher} that runs incoming calls;</li>
 * <li>client side: {@link CallFactory} (outgoing calls, the local short-cut) and
 * {@link RemoteStubs} (stubs of other nodes' objects, their arrival and unreachability);</li>
 * <li>{@link Technologies} (routes) and {@link CollectorHub} (distributed collectors), used by both;</li>
 * <li>{@link StreamCodec}, one per stream pair, where references cross a message.</li>
 * </ul>
 * Plain Java: the DS component and the {@code ServiceLoader} factory are thin adapters over
 * it, and tests build it directly. Thread-safe.
 */
public final class KarmiNode implements RemoteRuntime, TechnologyContext, StubReference.Resolver {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    private final long nodeId;
    private final NodeSettings settings;
    private final Serializers serializers = new Serializers();
    private final Technologies technologies;
    private final CollectorHub collectors;
    private final ExportedObjects exports;
    private final Dispatcher dispatcher;
    private final CallFactory calls;
    private final RemoteStubs remoteStubs;
    private final StubFactory stubs;
    private final InterfaceNames interfaces = new InterfaceNames();
    private final InboundByteBudget inboundBudget;
    private volatile boolean closed;

    /** Creates a node with one serializer and no technology yet; add them with {@link #addTechnology}. */
    public KarmiNode(NodeConfig config, Serializer serializer) {
        this(config);
        addSerializer(Objects.requireNonNull(serializer, "serializer"), 0);
    }

    /**
     * Creates a node with neither serializer nor technology; it marshals nothing until
     * {@link #addSerializer} gave it one.
     */
    public KarmiNode(NodeConfig config) {
        this.nodeId = newNodeId();
        this.settings = new NodeSettings(Objects.requireNonNull(config, "config"));
        this.technologies = new Technologies(config.preference);
        this.inboundBudget = config.inboundBudgetBytes == 0 ? InboundByteBudget.ofHeapFraction()
                : new InboundByteBudget(config.inboundBudgetBytes);
        Cleaner cleaner = Cleaner.create();
        StubFactory stubs = new StubFactory();
        this.stubs = stubs;
        this.collectors = new CollectorHub(new CollectorHub.Node() {
            @Override
            public long nodeId() {
                return nodeId;
            }

            @Override
            public List<Utid> nodeUtids() {
                return technologies.localUtids();
            }

            @Override
            public boolean unreferenced(ObjectId id) {
                return exports.unreferenced(id);
            }
        }, settings, technologies);
        this.calls = new CallFactory(nodeId, settings, serializers, technologies, interfaces, this::newStreams);
        this.exports = new ExportedObjects(nodeId, settings, technologies, collectors, stubs,
                (id, ifs, loader, request) -> stubs.stub(new RemoteRef(calls, id, InterfaceNames.names(ifs), null,
                        loader, request, ""), ifs),
                cleaner);
        this.dispatcher = new Dispatcher(nodeId, exports, collectors, serializers, this::newStreams, config.dispatchThreads);
        calls.serveLocallyWith(exports, dispatcher);
        this.remoteStubs = new RemoteStubs(nodeId, stubs, calls, exports, collectors, interfaces, cleaner);
    }

    private StreamPair newStreams(Serializer serializer) {
        return new StreamPair(new StreamCodec(nodeId, remoteStubs, exports, collectors), serializer);
    }

    /**
     * Adds a serializer, or changes its ranking: the highest-ranked one is preferred for the
     * connections opened afterwards and for local calls; open connections keep theirs
     * (docs/PROTOCOL.md §3.2). Exports and the node id stay.
     *
     * @return whether the preferred serializer changed
     */
    public boolean addSerializer(Serializer serializer, int ranking) {
        return serializers.add(serializer, ranking);
    }

    /**
     * Withdraws a serializer: no hello offers it any more, and this node's clients retire their
     * connections that use it before their next call; servers answer on such connections until
     * their clients move (docs/PROTOCOL.md §3.2).
     *
     * @return whether the preferred serializer changed
     */
    public boolean removeSerializer(Serializer serializer) {
        return serializers.remove(serializer);
    }

    /** The preferred serializer. */
    private Serializer serializer() {
        return serializers.preferred();
    }

    private static long newNodeId() {
        SecureRandom r = new SecureRandom();
        long id;
        do {
            id = r.nextLong();
        } while (id == 0);
        return id;
    }

    @Override
    public long nodeId() {
        return nodeId;
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

    /**
     * Adds a distributed collector: it is started with this node's context and told of every
     * object exported before it and every live stub it governs.
     */
    public void addCollector(DistributedCollector c) {
        collectors.add(c);
        exports.adoptAll(c);
        remoteStubs.replayTo(c);
        collectors.replayed(c);
    }

    /**
     * Removes and stops a collector; objects it saw references to stay pinned until a collector
     * of its name returns, which continues from the state it handed over.
     */
    public void removeCollector(DistributedCollector c) {
        collectors.remove(c);
    }

    /**
     * Applies a new configuration to the running node, keeping its id, exports and
     * connections: timeouts, the allow-list (for the next call of every export and stub),
     * dispatch threads, the technology preference and the collector mapping take effect at
     * once. Settings only a new node can change are kept and returned.
     *
     * @return the keys that changed but were not applied (empty: all applied)
     */
    public List<String> reconfigure(NodeConfig next) {
        List<String> kept = settings.update(next);
        NodeConfig now = settings.get();
        dispatcher.resize(now.dispatchThreads);
        technologies.prefer(now.preference);
        collectors.remap(now.collectorMapping);
        return kept;
    }

    /** The configuration in force. */
    public NodeConfig config() {
        return settings.get();
    }

    /** One line for people about a running technology: where it listens, or that it listens on demand. */
    public String describe(Technology t) {
        Utid u;
        try {
            u = t.localUtid();
        } catch (IllegalStateException onDemand) {
            u = null;
        }
        return u == null ? t.name() + " running, listening at the first export" : t.name() + " listening on "
                + technologies.describe(u);
    }

    /** One line for people: node id and every UTID it listens on. */
    public String describe() {
        StringBuilder b = new StringBuilder("KaRMI node ").append(Long.toHexString(nodeId));
        List<Utid> utids = localUtids();
        if (utids.isEmpty()) {
            b.append(" (no technology listening yet)");
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
        calls.close();
        for (Technology t : technologies.all()) {
            removeTechnology(t);
        }
        dispatcher.shutdown();
        collectors.stopAll();
        exports.clear();
    }

    // ----- TechnologyContext -----

    @Override
    public String serializerName() {
        return serializer().name();
    }

    @Override
    public int serializerVersion() {
        return serializer().version();
    }

    @Override
    public List<SerialFormat> serialFormats() {
        return serializers.offers();
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
        return settings.get().ioTimeoutMillis;
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

    private Remote export(Remote object, ExportRequest request, boolean refuseExported) throws RemoteException {
        Objects.requireNonNull(object, "object");
        checkOpen();
        if (StubFactory.refOf(object) != null) {
            return object;
        }
        return exports.export(object, request, refuseExported);
    }

    @Override
    public StubReference exportAs(Remote object, List<Class<?>> interfaces) throws RemoteException {
        Objects.requireNonNull(object, "object");
        List<Class<?>> ifs = checkInterfaces(interfaces);
        for (Class<?> i : ifs) {
            if (!i.isInstance(object)) {
                throw new IllegalArgumentException(object.getClass().getName() + " does not implement " + i.getName());
            }
        }
        checkOpen();
        Exported e = exports.exportAs(object, ifs);
        return StubFactory.refOf(e.stub).serialForm(e.stub);
    }

    @Override
    public Remote stubFor(StubReference reference, List<Class<?>> interfaces) throws RemoteException {
        List<Class<?>> ifs = checkInterfaces(interfaces);
        RemoteRef ref = new RemoteRef(calls, reference.objectId(), InterfaceNames.names(ifs), reference.utids(),
                ifs.get(0).getClassLoader(), ExportRequest.ANY, "", ifs);
        return stubs.stub(ref, ifs);
    }

    private static List<Class<?>> checkInterfaces(List<Class<?>> interfaces) {
        List<Class<?>> ifs = List.copyOf(interfaces);
        if (ifs.isEmpty()) {
            throw new IllegalArgumentException("no interface given");
        }
        for (Class<?> i : ifs) {
            if (!i.isInterface()) {
                throw new IllegalArgumentException(i.getName() + " is not an interface");
            }
        }
        return ifs;
    }

    private void checkOpen() throws ExportException {
        if (closed) {
            throw new ExportException("node " + Long.toHexString(nodeId) + " is closed");
        }
    }

    @Override
    public boolean unexport(Remote object, boolean force) throws NoSuchObjectException {
        return exports.unexport(object, force);
    }

    @Override
    public Remote toStub(Remote object) throws NoSuchObjectException {
        if (StubFactory.refOf(object) != null) {
            return object;
        }
        return exports.toStub(object);
    }

    @Override
    public Registry registry() {
        return exports.registry();
    }

    @Override
    public Registry createRegistry(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        checkOpen();
        return exports.createRegistry(port, csf, ssf);
    }

    @Override
    public Registry registry(String host, int port) throws RemoteException {
        return registry(host, port, null);
    }

    @Override
    public Registry registry(String host, int port, RMIClientSocketFactory csf) throws RemoteException {
        Utid utid = technologies.utidFor(host, port, csf);
        ObjectId id = new ObjectId(0, ObjectTable.REGISTRY_NUMBER);
        ExportRequest endpoint = csf == null ? ExportRequest.ANY : new ExportRequest(port, csf, null, null);
        return new RegistryStub(new RemoteRef(calls, id, InterfaceNames.names(List.of(Registry.class)), List.of(utid),
                Registry.class.getClassLoader(), endpoint, ""));
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
    public Map<String, CollectorStatistics> collectorStatistics() {
        return collectors.statistics();
    }

    @Override
    public List<org.karmi.ExportInfo> exports() {
        return exports.describe();
    }

    @Override
    public List<String> serializers() {
        List<String> names = new java.util.ArrayList<>();
        for (SerialFormat f : serializers.offers()) {
            names.add(f.toString());
        }
        return names;
    }

    @Override
    public Remote lookup(String url) throws RemoteException, NotBoundException, MalformedURLException {
        RegistryUrl u = RegistryUrl.parse(url);
        Registry r = registry(u.host(), u.port());
        return u.hasName() ? r.lookup(u.name()) : r;
    }

    // ----- references -----

    /** The reference of a stub or an exported object, or {@code null}. */
    RemoteRef refOf(Remote object) {
        return remoteStubs.refOf(object);
    }

    /** The stub for a reference made by hand (tests): no sender, no collector. */
    Remote stubFor(ObjectId id, String[] names, List<Utid> utids, ClassLoader loader) {
        return remoteStubs.stubFor(id, names, utids, "", 0, List.of(), loader);
    }

    @Override
    public Object resolve(StubReference reference) throws InvalidObjectException {
        return remoteStubs.resolve(reference);
    }

    /** Sets how interface names the message's loader cannot see are found (OSGi: the bundles). */
    void useInterfaceResolver(InterfaceResolver resolver) {
        interfaces.use(resolver);
    }

    // ----- state (tests, statistics) -----

    /** The object table (tests). */
    ObjectTable table() {
        return exports.table();
    }

    /** Number of exported objects, registries included. */
    public int exportedCount() {
        return exports.size();
    }

    /** Number of remote objects this node holds live stubs of. */
    public int heldCount() {
        return remoteStubs.heldCount();
    }

    /** Number of exported objects keeping the JVM alive (0 if this node does not keep it alive). */
    int keepAliveCount() {
        return exports.keepAliveCount();
    }

    @Override
    public String toString() {
        return describe();
    }
}
