package org.karmi.rsa.internal;

import java.lang.System.Logger.Level;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import org.apache.aries.rsa.spi.DistributionProvider;
import org.apache.aries.rsa.spi.Endpoint;
import org.apache.aries.rsa.spi.IntentUnsatisfiedException;
import org.karmi.RemoteRuntime;
import org.karmi.spi.ref.StubReference;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.osgi.service.remoteserviceadmin.EndpointDescription;
import org.osgi.service.remoteserviceadmin.RemoteConstants;

/**
 * The KaRMI distribution provider for Apache Aries RSA (configuration type {@code org.karmi}):
 * exports a service by exporting a {@link ServiceForwarder} through the node's
 * {@link RemoteRuntime#exportAs} and describing it with the node's UTIDs and the object id
 * ({@link KarmiEndpoints}); imports an endpoint as a proxy of the interfaces over a KaRMI stub
 * ({@link RemoteRuntime#stubFor}, {@link ImportedService}). Calls take the best technology the
 * two nodes share (ParaStation on one host, TCP across hosts) with the node's serializer. Intents:
 * {@code osgi.basic} (with {@code osgi.basic.timeout} on the importing side) and
 * {@code osgi.async}; a service asking for any other is refused with a log line naming it.
 * Asynchronous calls (and synchronous ones under a timeout) run on this provider's bounded
 * executor ({@value #ASYNC_THREADS_PROPERTY} threads, default {@value #DEFAULT_ASYNC_THREADS};
 * at most {@value #ASYNC_QUEUE} waiting), shut down with the provider. Keeps a table of its
 * exported endpoints and a call count per imported endpoint for the {@code karmi:endpoints}
 * command. Thread-safe (the runtime is).
 */
@Capability(namespace = "osgi.remoteserviceadmin.distribution", version = "1.1.0",
        attribute = "configs:List<String>=" + KarmiEndpoints.CONFIG_TYPE)
@Component(service = DistributionProvider.class, property = {
        RemoteConstants.REMOTE_CONFIGS_SUPPORTED + "=" + KarmiEndpoints.CONFIG_TYPE,
        RemoteConstants.REMOTE_INTENTS_SUPPORTED + "=" + Intents.BASIC,
        RemoteConstants.REMOTE_INTENTS_SUPPORTED + "=" + Intents.ASYNC })
public final class KarmiDistributionProvider implements DistributionProvider {

    private static final System.Logger LOG = System.getLogger("org.karmi.rsa");

    /** Framework property: threads of the executor running asynchronous and time-bounded calls. */
    static final String ASYNC_THREADS_PROPERTY = "karmi.rsa.async.threads";
    static final int DEFAULT_ASYNC_THREADS = 8;
    /** Most calls waiting for a thread of the executor; more fail with {@code ServiceException} REMOTE. */
    static final int ASYNC_QUEUE = 10_000;
    /** The node's call timeout when neither its service nor the framework names one ({@code karmi.call.timeout}). */
    static final long DEFAULT_CALL_TIMEOUT_MILLIS = 120_000;

    /** Longest wait in an export for the node to list the technologies this provider saw start. */
    static final long TECHNOLOGY_START_BOUND_MILLIS = 10_000;

    private final RemoteRuntime runtime;
    /** The names of the node's technologies when this provider started. */
    private final List<String> technologies;
    private final BundleContext context;
    private final ThreadPoolExecutor executor;
    /** The endpoints this provider exported and has not closed, by endpoint id. */
    private final Map<String, KarmiEndpoint> exported = new ConcurrentHashMap<>();
    /** Calls made through the imports of each endpoint, by endpoint id. */
    private final Map<String, LongAdder> importCalls = new ConcurrentHashMap<>();

    /**
     * @param technologies the node's technologies: a static, greedy reference, so that the
     *                     provider (and with it Aries' Remote Service Admin, which tracks it)
     *                     starts again when a technology comes or goes, and the topology manager
     *                     exports every service again with the node's current UTIDs
     */
    @org.osgi.service.component.annotations.Activate
    public KarmiDistributionProvider(@Reference RemoteRuntime runtime,
            @Reference(cardinality = ReferenceCardinality.AT_LEAST_ONE, policyOption = ReferencePolicyOption.GREEDY)
            List<Technology> technologies, BundleContext context) {
        this.runtime = runtime;
        this.context = context;
        int threads = DEFAULT_ASYNC_THREADS;
        String configured = context == null ? null : context.getProperty(ASYNC_THREADS_PROPERTY);
        if (configured != null) {
            try {
                threads = Math.max(1, Integer.parseInt(configured.trim()));
            } catch (NumberFormatException e) {
                LOG.log(Level.WARNING, "{0}={1} is not a number: {2} threads", ASYNC_THREADS_PROPERTY, configured, threads);
            }
        }
        AtomicInteger n = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(ASYNC_QUEUE), r -> {
                    Thread th = new Thread(r, "karmi-rsa-call-" + n.incrementAndGet());
                    th.setDaemon(true);
                    return th;
                });
        executor.allowCoreThreadTimeOut(true);
        this.technologies = new ArrayList<>();
        for (Technology t : technologies) {
            this.technologies.add(t.name());
        }
        LOG.log(Level.DEBUG, "KaRMI distribution provider over node {0} with technologies {1}",
                Long.toHexString(runtime.nodeId()), this.technologies);
    }

    /**
     * Stops the executor: calls still waiting for a thread fail with {@code ServiceException}
     * REMOTE; running ones end as the node's call timeout bounds them.
     */
    @Deactivate
    void deactivate() {
        for (Runnable r : executor.shutdownNow()) {
            if (r instanceof ImportedService.Task task) {
                task.abandon("the KaRMI distribution provider stopped");
            }
        }
    }

    /** The endpoints exported now, in no particular order. */
    Collection<KarmiEndpoint> exportedEndpoints() {
        return List.copyOf(exported.values());
    }

    /** Calls made through the imports of endpoint {@code id} since this provider started. */
    long importCalls(String id) {
        LongAdder a = importCalls.get(id);
        return a == null ? 0 : a.sum();
    }

    /** This node's id as the endpoints carry it. */
    long nodeId() {
        return runtime.nodeId();
    }

    /**
     * The node's call timeout: the {@code call.timeout} property of its {@code RemoteRuntime}
     * service, else the framework property {@code karmi.call.timeout}, else
     * {@value #DEFAULT_CALL_TIMEOUT_MILLIS} ms.
     */
    long callTimeoutMillis() {
        Object v = null;
        if (context != null) {
            try {
                ServiceReference<RemoteRuntime> ref = context.getServiceReference(RemoteRuntime.class);
                v = ref == null ? null : ref.getProperty("call.timeout");
                if (v == null) {
                    v = context.getProperty("karmi.call.timeout");
                }
            } catch (IllegalStateException e) {
                // the bundle is stopping
            }
        }
        if (v != null) {
            try {
                long t = v instanceof Number x ? x.longValue() : Long.parseLong(String.valueOf(v).trim());
                if (t > 0) {
                    return t;
                }
            } catch (NumberFormatException e) {
                // the node refused it too, and runs with its default
            }
        }
        return DEFAULT_CALL_TIMEOUT_MILLIS;
    }

    /**
     * Waits until the node lists a UTID of every technology this provider was started with
     * (the node adds a technology when its service appears, as this provider starts: either
     * may come first), for at most {@value #TECHNOLOGY_START_BOUND_MILLIS} ms: an endpoint
     * carries every UTID of the node. A technology that did not start by then is left out.
     */
    private void awaitTechnologies() {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TECHNOLOGY_START_BOUND_MILLIS);
        while (!listening().containsAll(technologies) && System.nanoTime() - deadline < 0) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private Set<String> listening() {
        Set<String> names = new HashSet<>();
        for (Utid u : runtime.localUtids()) {
            names.add(u.technology());
        }
        return names;
    }

    @Override
    public String[] getSupportedTypes() {
        return new String[] {KarmiEndpoints.CONFIG_TYPE};
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Endpoint exportService(Object service, BundleContext serviceContext, Map<String, Object> effectiveProperties,
            Class[] exportedInterfaces) {
        Set<String> unsupported = Intents.unsupported(effectiveProperties);
        if (!unsupported.isEmpty()) {
            String intent = unsupported.iterator().next();
            LOG.log(Level.WARNING, "not exporting service {0} {1}: intent {2} is not supported by KaRMI (supported: {3})",
                    serviceId(effectiveProperties), KarmiEndpoints.strings(effectiveProperties.get("objectClass")),
                    String.join(", ", unsupported), Intents.SUPPORTED);
            throw new IntentUnsatisfiedException(intent);
        }
        Class<?>[] interfaces = exportedInterfaces.clone();
        for (Class<?> i : interfaces) {
            if (!Async.supported(i)) {
                LOG.log(Level.WARNING, "not exporting service {0}: intent {1} cannot be honoured for {2} (this bundle is not"
                        + " wired to the Promise API it uses)", serviceId(effectiveProperties), Intents.ASYNC, i.getName());
                throw new IntentUnsatisfiedException(Intents.ASYNC);
            }
        }
        long await = awaitBound(effectiveProperties);
        awaitTechnologies();
        ServiceForwarder.Export export = ServiceForwarder.of(service, interfaces, loaders(serviceContext, interfaces),
                () -> await);
        Remote forwarder = export.object();
        StubReference ref;
        try {
            ref = runtime.exportAs(forwarder, export.interfaces());
            if (ref.utids().isEmpty()) {
                runtime.unexport(forwarder, true);
                throw new IllegalStateException("KaRMI node " + Long.toHexString(runtime.nodeId())
                        + " listens on no technology yet: service " + serviceId(effectiveProperties) + " not exported");
            }
        } catch (RemoteException e) {
            throw new IllegalStateException("KaRMI could not export service " + serviceId(effectiveProperties) + ": " + e,
                    e);
        }
        Map<String, Object> props = new HashMap<>(effectiveProperties);
        props.put(RemoteConstants.SERVICE_IMPORTED_CONFIGS, new String[] {KarmiEndpoints.CONFIG_TYPE});
        props.put(RemoteConstants.SERVICE_INTENTS, Intents.realized(effectiveProperties));
        KarmiEndpoints.write(ref, props);
        effectiveProperties.putAll(props);
        EndpointDescription description = new EndpointDescription(props);
        LOG.log(Level.INFO, "exported service {0} as {1} over {2}", serviceId(effectiveProperties),
                description.getId(), String.join(", ", (String[]) props.get(KarmiEndpoints.UTIDS)));
        KarmiEndpoint endpoint = new KarmiEndpoint(runtime, export, description, e -> exported.remove(e.description().getId(), e));
        exported.put(description.getId(), endpoint);
        return endpoint;
    }

    /**
     * How long the exporting side awaits an asynchronous result: the node's call timeout, or
     * the service's {@code osgi.basic.timeout} if that is shorter.
     */
    private long awaitBound(Map<String, Object> props) {
        long bound = callTimeoutMillis();
        try {
            long t = Intents.timeoutMillis(props);
            if (t > 0 && t < bound) {
                bound = t;
            }
        } catch (IllegalArgumentException e) {
            LOG.log(Level.WARNING, "service {0}: {1}; asynchronous results are awaited for the node''s call timeout",
                    serviceId(props), e.getMessage());
        }
        return bound;
    }

    /** The exported service's id (Aries moves {@code service.id} to {@code endpoint.service.id}). */
    private static Object serviceId(Map<String, Object> props) {
        Object id = props.get(RemoteConstants.ENDPOINT_SERVICE_ID);
        return id != null ? id : props.get("service.id");
    }

    /** Where the forwarder's class may be defined: the exporting bundle's loader first, then the interfaces'. */
    private static List<ClassLoader> loaders(BundleContext serviceContext, Class<?>[] interfaces) {
        List<ClassLoader> out = new ArrayList<>();
        BundleWiring wiring = serviceContext == null ? null : serviceContext.getBundle().adapt(BundleWiring.class);
        if (wiring != null) {
            out.add(wiring.getClassLoader());
        }
        for (Class<?> i : interfaces) {
            out.add(i.getClassLoader());
        }
        return out;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Object importEndpoint(ClassLoader consumerLoader, BundleContext consumerContext, Class[] interfaces,
            EndpointDescription endpoint) throws IntentUnsatisfiedException {
        for (String intent : endpoint.getIntents()) {
            if (!Intents.SUPPORTED.contains(intent)) {
                LOG.log(Level.WARNING, "not importing endpoint {0}: intent {1} is not supported by KaRMI", endpoint.getId(),
                        intent);
                throw new IntentUnsatisfiedException(intent);
            }
        }
        Class<?>[] ifs = interfaces.clone();
        String[] names = new String[ifs.length];
        for (int i = 0; i < ifs.length; i++) {
            names[i] = ifs[i].getName();
        }
        StubReference ref = KarmiEndpoints.read(endpoint.getProperties(), names);
        long timeout;
        try {
            timeout = Intents.timeoutMillis(endpoint.getProperties());
        } catch (IllegalArgumentException e) {
            LOG.log(Level.WARNING, "not importing endpoint {0}: {1}", endpoint.getId(), e.getMessage());
            throw e;
        }
        Remote stub;
        try {
            stub = runtime.stubFor(ref, List.of(ifs));
        } catch (RemoteException e) {
            throw new IllegalStateException("KaRMI could not import endpoint " + endpoint.getId() + ": " + e, e);
        }
        for (Class<?> i : ifs) {
            if (Async.hasAsyncMethods(i) && (!ImportedService.supportsAsync(stub) || !Async.supported(i))) {
                LOG.log(Level.WARNING, "not importing endpoint {0}: intent {1} cannot be honoured for {2} ({3})",
                        endpoint.getId(), Intents.ASYNC, i.getName(), ImportedService.supportsAsync(stub)
                                ? "this bundle is not wired to the Promise API " + i.getName() + " uses"
                                : "the node's stub is not a proxy");
                throw new IntentUnsatisfiedException(Intents.ASYNC);
            }
        }
        LOG.log(Level.DEBUG, "imported endpoint {0} for {1}", endpoint.getId(), consumerContext == null ? null
                : consumerContext.getBundle().getSymbolicName());
        LongAdder calls = importCalls.computeIfAbsent(endpoint.getId(), k -> new LongAdder());
        return Proxy.newProxyInstance(consumerLoader, ifs,
                new ImportedService(stub, endpoint.getId(), executor, timeout, calls));
    }
}
