package org.karmi.core.internal;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.lang.System.Logger.Level;
import java.net.MalformedURLException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.ServerNotActiveException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.karmi.Karmi;
import org.karmi.RemoteRuntime;
import org.karmi.registry.Registry;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.StubReference;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The DS adapter of a {@link KarmiNode}: registers it as the {@link RemoteRuntime} service,
 * feeds it the {@link Technology} and {@link DistributedCollector} services as they come and
 * go, and marshals with the highest-ranked {@link Serializer} (configuration
 * {@code serializer.target} narrows them), offering the others to peers that lack it. Its configuration (PID {@value #PID}, each key also a
 * framework property {@code karmi.<key>}) applies live through {@code @Modified}. It logs one
 * line when the node starts and one per technology as it starts; it installs the node as
 * {@link Karmi}'s default. Thread-safe (DS serialises life-cycle calls;
 * the node is thread-safe).
 */
@Component(service = RemoteRuntime.class, immediate = true, configurationPid = RuntimeComponent.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL)
@Designate(ocd = RuntimeComponent.Config.class)
public final class RuntimeComponent implements RemoteRuntime, StubReference.Resolver {

    /** Configuration PID. */
    public static final String PID = "org.karmi.core";

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    /** The component's configuration (keys as in {@link NodeConfig#from}). */
    @ObjectClassDefinition(name = "KaRMI reference layer")
    @interface Config {
        @AttributeDefinition(name = "Call timeout (ms)")
        long call_timeout() default NodeConfig.DEFAULT_CALL_TIMEOUT_MILLIS;

        @AttributeDefinition(name = "Connect timeout (ms)")
        long connect_timeout() default NodeConfig.DEFAULT_CONNECT_TIMEOUT_MILLIS;

        @AttributeDefinition(name = "I/O timeout (ms)")
        long io_timeout() default NodeConfig.DEFAULT_IO_TIMEOUT_MILLIS;

        @AttributeDefinition(name = "Technology preference (comma list)")
        String preference() default NodeConfig.DEFAULT_PREFERENCE;

        @AttributeDefinition(name = "Dispatch threads (0 = the technology's threads)")
        int dispatch_threads() default NodeConfig.DEFAULT_DISPATCH_THREADS;

        @AttributeDefinition(name = "Classes calls may carry besides the remote interfaces' declared types",
                description = "Comma list of patterns: org.acme.Order, org.acme.* (package), org.acme.** (sub-packages too)",
                required = false)
        String serial_allow();

        @AttributeDefinition(name = "Let other hosts bind, rebind and unbind in the registry")
        boolean registry_remoteWrites() default false;

        @AttributeDefinition(name = "Inbound byte budget",
                description = "Bytes of partly received frames the node buffers at once (0: a quarter of the heap); "
                        + "a change needs a restart of the component")
        long inbound_budget() default 0;

        @AttributeDefinition(name = "Collector per technology", required = false,
                description = "technology=collector, comma separated (default: tcp=lease, parastation=cluster)")
        String dgc();

        @AttributeDefinition(name = "Target filter of the serializer reference", required = false,
                description = "Which serializer services the node offers, e.g. (serializer.name=jdk); a change "
                        + "applies to connections opened afterwards (node id and exports stay)")
        String serializer_target();
    }


    private final KarmiNode node;
    private final BundleInterfaceResolver interfaces;
    private final BundleContext context;
    /** Set once activated: serializer changes before it are the start-up's, not news. */
    private volatile boolean active;

    @Activate
    public RuntimeComponent(Map<String, Object> properties, BundleContext context) {
        this.context = context;
        this.node = new KarmiNode(NodeConfig.from(withFrameworkProperties(properties, context)));
        this.interfaces = new BundleInterfaceResolver(context);
        node.useInterfaceResolver(interfaces);
    }

    /**
     * Every serializer service (matching {@code serializer.target}) is offered; the
     * highest-ranked is preferred for new connections and local calls. A serializer that comes,
     * goes or changes its ranking changes only the connections opened afterwards: the node, its
     * id and its exports stay (DS binds these before activation, and live afterwards).
     */
    @Reference(name = "serializer", cardinality = ReferenceCardinality.AT_LEAST_ONE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addSerializer(Serializer s, Map<String, Object> properties) {
        logPreferred(node.addSerializer(s, ranking(properties)));
    }

    void updatedSerializer(Serializer s, Map<String, Object> properties) {
        logPreferred(node.addSerializer(s, ranking(properties)));
    }

    void removeSerializer(Serializer s) {
        logPreferred(node.removeSerializer(s));
    }

    /** One line when the preferred serializer changes while the node runs (the start-up line names the first). */
    private void logPreferred(boolean changed) {
        if (changed && active) {
            LOG.log(Level.INFO, "KaRMI node {0}: new connections marshal with {1} {2}; open ones keep theirs",
                    Long.toHexString(node.nodeId()), node.serializerName(), node.serializerVersion());
        }
    }

    private static int ranking(Map<String, Object> properties) {
        return properties.get(Constants.SERVICE_RANKING) instanceof Integer i ? i : 0;
    }

    /** The configuration's keys, and for each one it lacks the framework property {@code karmi.<key>}. */
    static Map<String, Object> withFrameworkProperties(Map<String, Object> properties, BundleContext context) {
        Map<String, Object> m = new HashMap<>(properties);
        for (String key : NodeConfig.KEYS) {
            if (m.get(key) == null) {
                String v = context.getProperty("karmi." + key);
                if (v != null) {
                    m.put(key, v);
                }
            }
        }
        return m;
    }

    @Activate
    void activate() {
        LOG.log(Level.INFO, "KaRMI node {0} started, serializer {1} {2}", Long.toHexString(node.nodeId()),
                node.serializerName(), node.serializerVersion());
        Karmi.install(node);
        active = true;
    }

    /**
     * A changed configuration applies to the running node (same id, exports kept): timeouts,
     * allow-list, dispatch threads, preference, collector mapping, remote registry writes; what
     * needs a new node is named in one log line and kept.
     */
    @Modified
    void modified(Map<String, Object> properties) {
        NodeConfig next;
        try {
            next = NodeConfig.from(withFrameworkProperties(properties, context));
        } catch (IllegalArgumentException e) {
            LOG.log(Level.ERROR, "KaRMI node {0}: configuration refused, the previous one stays: {1}",
                    Long.toHexString(node.nodeId()), e.getMessage());
            return;
        }
        List<String> kept = node.reconfigure(next);
        LOG.log(Level.INFO, "KaRMI node {0}: configuration applied{1}", Long.toHexString(node.nodeId()),
                kept.isEmpty() ? "" : " except " + kept + ", which need a restart of the component");
    }

    @Deactivate
    void deactivate() {
        active = false;
        Karmi.uninstall(node);
        node.close();
        interfaces.close();
    }

    @Reference(name = "technology", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addTechnology(Technology t) {
        try {
            node.addTechnology(t);
            LOG.log(Level.INFO, "KaRMI node {0}: {1}", Long.toHexString(node.nodeId()), node.describe(t));
        } catch (IOException | RuntimeException e) {
            // the reason in one line (a port in use is a user's matter, not a bug); the trace for those who ask
            LOG.log(Level.ERROR, "KaRMI node " + Long.toHexString(node.nodeId()) + " could not start technology "
                    + t.name() + ": " + e.getMessage());
            LOG.log(Level.DEBUG, "technology " + t.name() + " failed to start", e);
        }
    }

    void removeTechnology(Technology t) {
        node.removeTechnology(t);
    }

    @Reference(name = "collector", cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY)
    void addCollector(DistributedCollector c) {
        node.addCollector(c);
    }

    void removeCollector(DistributedCollector c) {
        node.removeCollector(c);
    }

    /** The node behind this component (tests). */
    KarmiNode node() {
        return node;
    }

    @Override
    public long nodeId() {
        return node.nodeId();
    }

    @Override
    public List<Utid> localUtids() {
        return node.localUtids();
    }

    @Override
    public Remote export(Remote object) throws RemoteException {
        return node.export(object);
    }

    @Override
    public Remote export(Remote object, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf,
            ObjectInputFilter filter) throws RemoteException {
        return node.export(object, port, csf, ssf, filter);
    }

    @Override
    public StubReference exportAs(Remote object, List<Class<?>> interfaces) throws RemoteException {
        return node.exportAs(object, interfaces);
    }

    @Override
    public Remote stubFor(StubReference reference, List<Class<?>> interfaces) throws RemoteException {
        return node.stubFor(reference, interfaces);
    }

    @Override
    public Registry createRegistry(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        return node.createRegistry(port, csf, ssf);
    }

    @Override
    public Registry registry(String host, int port, RMIClientSocketFactory csf) throws RemoteException {
        return node.registry(host, port, csf);
    }

    @Override
    public String clientHost() throws ServerNotActiveException {
        return node.clientHost();
    }

    @Override
    public Object resolve(StubReference reference) throws InvalidObjectException {
        return node.resolve(reference);
    }

    @Override
    public boolean unexport(Remote object, boolean force) throws NoSuchObjectException {
        return node.unexport(object, force);
    }

    @Override
    public Remote toStub(Remote object) throws NoSuchObjectException {
        return node.toStub(object);
    }

    @Override
    public Registry registry() {
        return node.registry();
    }

    @Override
    public Registry registry(String host, int port) throws RemoteException {
        return node.registry(host, port);
    }

    @Override
    public Map<String, TechnologyStatistics> statistics() {
        return node.statistics();
    }

    @Override
    public Map<String, org.karmi.spi.dgc.CollectorStatistics> collectorStatistics() {
        return node.collectorStatistics();
    }

    @Override
    public List<org.karmi.ExportInfo> exports() {
        return node.exports();
    }

    @Override
    public List<String> serializers() {
        return node.serializers();
    }

    @Override
    public Remote lookup(String url) throws RemoteException, NotBoundException, MalformedURLException {
        return node.lookup(url);
    }
}
