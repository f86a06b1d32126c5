package org.karmi.shell.internal;

import org.karmi.RemoteRuntime;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * The size of the node's dispatch pool as its configuration sets it: the runtime service's
 * property {@code dispatch.threads} (DS publishes the configuration there), else the framework
 * property {@code karmi.dispatch.threads}, else 0 (calls run on their connections' threads).
 */
final class DispatchThreads {

    private DispatchThreads() {
    }

    static int of(BundleContext context) {
        ServiceReference<RemoteRuntime> ref = context.getServiceReference(RemoteRuntime.class);
        Object v = ref == null ? null : ref.getProperty("dispatch.threads");
        if (v == null) {
            v = context.getProperty("karmi.dispatch.threads");
        }
        try {
            return v == null ? 0 : Math.max(0, Integer.parseInt(v.toString().trim()));
        } catch (NumberFormatException e) {
            return 0; // the core refuses such a value itself and keeps its previous one
        }
    }
}
