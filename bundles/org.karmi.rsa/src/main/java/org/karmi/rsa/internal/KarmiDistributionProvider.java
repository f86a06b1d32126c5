package org.karmi.rsa.internal;

import java.lang.System.Logger.Level;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.aries.rsa.spi.DistributionProvider;
import org.apache.aries.rsa.spi.Endpoint;
import org.apache.aries.rsa.spi.IntentUnsatisfiedException;
import org.karmi.RemoteRuntime;
import org.karmi.spi.ref.StubReference;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.BundleContext;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.remoteserviceadmin.EndpointDescription;
import org.osgi.service.remoteserviceadmin.RemoteConstants;

/**
 * The KaRMI distribution provider for Apache Aries RSA (configuration type {@code org.karmi}):
 * exports a service by exporting a {@link ServiceForwarder} through the node's
 * {@link RemoteRuntime#exportAs} and describing it with the node's UTIDs and the object id
 * ({@link KarmiEndpoints}); imports an endpoint as a proxy of the interfaces over a KaRMI stub
 * ({@link RemoteRuntime#stubFor}, {@link ImportedService}). Calls take the best technology the
 * two nodes share (ParaStation on one host, TCP across hosts) with the node's serializer. Intents:
 * {@code osgi.basic}; a service asking for any other is refused with a log line naming it.
 * Thread-safe (the runtime is).
 */
@Capability(namespace = "osgi.remoteserviceadmin.distribution", version = "1.1.0",
        attribute = "configs:List<String>=" + KarmiEndpoints.CONFIG_TYPE)
@Component(service = DistributionProvider.class, property = {
        RemoteConstants.REMOTE_CONFIGS_SUPPORTED + "=" + KarmiEndpoints.CONFIG_TYPE,
        RemoteConstants.REMOTE_INTENTS_SUPPORTED + "=" + Intents.BASIC })
public final class KarmiDistributionProvider implements DistributionProvider {

    private static final System.Logger LOG = System.getLogger("org.karmi.rsa");

    private final RemoteRuntime runtime;

    @org.osgi.service.component.annotations.Activate
    public KarmiDistributionProvider(@Reference RemoteRuntime runtime) {
        this.runtime = runtime;
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
            LOG.log(Level.WARNING, "not exporting service {0} ({1}): intent {2} is not supported by KaRMI (supported: {3})",
                    effectiveProperties.get("service.id"), effectiveProperties.get("objectClass"), String.join(", ", unsupported),
                    Intents.SUPPORTED);
            throw new IntentUnsatisfiedException(intent);
        }
        Class<?>[] interfaces = exportedInterfaces.clone();
        Remote forwarder = ServiceForwarder.of(service, interfaces, loaders(serviceContext, interfaces));
        StubReference ref;
        try {
            ref = runtime.exportAs(forwarder, List.of(interfaces));
        } catch (RemoteException e) {
            throw new IllegalStateException("KaRMI could not export service " + effectiveProperties.get("service.id") + ": " + e,
                    e);
        }
        Map<String, Object> props = new HashMap<>(effectiveProperties);
        props.put(RemoteConstants.SERVICE_IMPORTED_CONFIGS, new String[] {KarmiEndpoints.CONFIG_TYPE});
        props.put(RemoteConstants.SERVICE_INTENTS, Intents.realized(effectiveProperties));
        KarmiEndpoints.write(ref, props);
        effectiveProperties.putAll(props);
        EndpointDescription description = new EndpointDescription(props);
        LOG.log(Level.INFO, "exported service {0} as {1} over {2}", effectiveProperties.get("service.id"),
                description.getId(), String.join(", ", (String[]) props.get(KarmiEndpoints.UTIDS)));
        return new KarmiEndpoint(runtime, forwarder, description);
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
        Remote stub;
        try {
            stub = runtime.stubFor(ref, List.of(ifs));
        } catch (RemoteException e) {
            throw new IllegalStateException("KaRMI could not import endpoint " + endpoint.getId() + ": " + e, e);
        }
        LOG.log(Level.DEBUG, "imported endpoint {0} for {1}", endpoint.getId(), consumerContext == null ? null
                : consumerContext.getBundle().getSymbolicName());
        return Proxy.newProxyInstance(consumerLoader, ifs, new ImportedService(stub, endpoint.getId()));
    }
}
