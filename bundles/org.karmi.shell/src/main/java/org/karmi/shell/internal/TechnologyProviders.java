package org.karmi.shell.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.karmi.spi.transport.Technology;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.wiring.BundleRevision;
import org.osgi.resource.Capability;

/**
 * Finds the bundles that declare a {@link Technology} service ({@code osgi.service} capability,
 * whatever their state, so that a stopped technology bundle still counts) with the technologies
 * each registers now, and hands them to a function while it holds the services. Called on any
 * thread; each call reads the framework afresh.
 */
final class TechnologyProviders {

    private TechnologyProviders() {
    }

    static <T> T with(BundleContext context, Function<List<NodeHealth.Provider>, T> use) {
        List<ServiceReference<?>> held = new ArrayList<>();
        try {
            List<NodeHealth.Provider> providers = new ArrayList<>();
            ServiceReference<?>[] refs = context.getAllServiceReferences(Technology.class.getName(), null);
            for (Bundle b : context.getBundles()) {
                if (!declaresTechnology(b)) {
                    continue;
                }
                List<Technology> technologies = new ArrayList<>();
                for (ServiceReference<?> r : refs == null ? new ServiceReference<?>[0] : refs) {
                    if (b.equals(r.getBundle()) && context.getService(r) instanceof Technology) {
                        held.add(r);
                        technologies.add((Technology) context.getService(r));
                        context.ungetService(r); // the second get above: one use is held
                    }
                }
                providers.add(new NodeHealth.Provider(b.getSymbolicName(), state(b.getState()), technologies));
            }
            return use.apply(providers);
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        } finally {
            for (ServiceReference<?> r : held) {
                context.ungetService(r);
            }
        }
    }

    private static boolean declaresTechnology(Bundle b) {
        BundleRevision revision = b.adapt(BundleRevision.class);
        if (revision == null) {
            return false;
        }
        for (Capability c : revision.getCapabilities("osgi.service")) {
            Object classes = c.getAttributes().get("objectClass");
            if (classes instanceof List && ((List<?>) classes).contains(Technology.class.getName())) {
                return true;
            }
        }
        return false;
    }

    static String state(int state) {
        switch (state) {
            case Bundle.INSTALLED: return "INSTALLED";
            case Bundle.RESOLVED: return "RESOLVED";
            case Bundle.STARTING: return "STARTING";
            case Bundle.STOPPING: return "STOPPING";
            case Bundle.ACTIVE: return "ACTIVE";
            default: return "UNINSTALLED";
        }
    }
}
