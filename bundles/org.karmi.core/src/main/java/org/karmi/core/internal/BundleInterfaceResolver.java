package org.karmi.core.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.RemoteRuntime;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.BundleListener;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.BundleCapability;
import org.osgi.framework.wiring.BundleWiring;

/**
 * Resolves remote interfaces inside OSGi when the message's own loader cannot: first the
 * bundles that export the interface's package, then the bundles using the
 * {@link RemoteRuntime} service (the consumers, who hold the interfaces they call). Answers
 * are cached per name until any bundle changes state. Thread-safe.
 */
final class BundleInterfaceResolver implements InterfaceResolver, BundleListener {

    private static final String PACKAGE_NAMESPACE = "osgi.wiring.package";

    private final BundleContext context;
    private final Map<String, Class<?>> found = new ConcurrentHashMap<>();

    BundleInterfaceResolver(BundleContext context) {
        this.context = context;
        context.addBundleListener(this);
    }

    void close() {
        context.removeBundleListener(this);
        found.clear();
    }

    @Override
    public void bundleChanged(BundleEvent event) {
        found.clear(); // a class of a stopped or updated bundle must not be handed out again
    }

    @Override
    public Class<?> find(String name, ClassLoader preferred) {
        Class<?> c = LOADER_ONLY.find(name, preferred);
        if (c != null) {
            return c;
        }
        c = found.get(name);
        if (c != null) {
            return c;
        }
        c = fromExporters(name);
        if (c == null) {
            c = fromConsumers(name);
        }
        if (c != null) {
            found.put(name, c);
        }
        return c;
    }

    private Class<?> fromExporters(String name) {
        int dot = name.lastIndexOf('.');
        String pkg = dot < 0 ? "" : name.substring(0, dot);
        for (Bundle b : context.getBundles()) {
            BundleWiring wiring = b.adapt(BundleWiring.class);
            if (wiring == null) {
                continue;
            }
            for (BundleCapability cap : wiring.getCapabilities(PACKAGE_NAMESPACE)) {
                if (pkg.equals(cap.getAttributes().get(PACKAGE_NAMESPACE))) {
                    Class<?> c = load(b, name);
                    if (c != null) {
                        return c;
                    }
                }
            }
        }
        return null;
    }

    private Class<?> fromConsumers(String name) {
        ServiceReference<?>[] refs;
        try {
            refs = context.getAllServiceReferences(RemoteRuntime.class.getName(), null);
        } catch (org.osgi.framework.InvalidSyntaxException e) {
            return null; // no filter given: cannot happen
        }
        if (refs == null) {
            return null;
        }
        for (ServiceReference<?> ref : refs) {
            Bundle[] users = ref.getUsingBundles();
            if (users == null) {
                continue;
            }
            for (Bundle b : users) {
                Class<?> c = load(b, name);
                if (c != null) {
                    return c;
                }
            }
        }
        return null;
    }

    private static Class<?> load(Bundle b, String name) {
        try {
            return b.loadClass(name);
        } catch (ClassNotFoundException | IllegalStateException | LinkageError e) {
            return null;
        }
    }
}
