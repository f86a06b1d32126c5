package org.karmi.node.launcher;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * What the launcher can see of the KaRMI node from outside the bundles: the registered
 * {@code Technology} services (by their {@code karmi.technology} property) and those the
 * {@code RemoteRuntime} service has started (the keys of its {@code statistics()}). The
 * launcher's class loader sees no bundle class, so the runtime is called through its interface
 * reflectively. Used by one thread.
 */
final class NodeState {

    static final String RUNTIME = "org.karmi.RemoteRuntime";
    static final String TECHNOLOGY = "org.karmi.spi.transport.Technology";
    static final String TECHNOLOGY_NAME = "karmi.technology";
    /** A technology registered but not started for this long has failed (the runtime starts it on arrival). */
    static final long GRACE_MILLIS = 2_000;
    private static final long POLL_MILLIS = 50;

    private final BundleContext context;

    NodeState(BundleContext context) {
        this.context = context;
    }

    /**
     * Waits until the runtime is there and has started every registered technology; polls
     * every {@value #POLL_MILLIS} ms for at most {@code timeoutMillis}.
     *
     * @return {@code null} when it has, else what is missing, for a person
     */
    String awaitStarted(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        long notStartedSince = 0;
        while (true) {
            Set<String> registered = registeredTechnologies();
            Set<String> started = startedTechnologies();
            Set<String> missing = new TreeSet<>(registered);
            if (started != null) {
                missing.removeAll(started);
            }
            long now = System.nanoTime();
            if (started != null && !registered.isEmpty() && missing.isEmpty()) {
                return null;
            }
            if (started != null && !missing.isEmpty()) {
                if (notStartedSince == 0) {
                    notStartedSince = now;
                } else if (now - notStartedSince > TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS)) {
                    return "technology " + String.join(", ", missing) + " did not start (see the log above); running: "
                            + (started.isEmpty() ? "none" : String.join(", ", started));
                }
            } else {
                notStartedSince = 0;
            }
            if (now - deadline > 0) {
                return started == null ? "no KaRMI runtime after " + timeoutMillis + " ms"
                        : "no technology started after " + timeoutMillis + " ms";
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    private Set<String> registeredTechnologies() {
        Set<String> names = new TreeSet<>();
        for (ServiceReference<?> r : references(TECHNOLOGY)) {
            Object name = r.getProperty(TECHNOLOGY_NAME);
            if (name != null) {
                names.add(name.toString());
            }
        }
        return names;
    }

    /** Names of the technologies the runtime runs, {@code null} while there is no runtime. */
    private Set<String> startedTechnologies() {
        for (ServiceReference<?> r : references(RUNTIME)) {
            Object runtime = context.getService(r);
            if (runtime == null) {
                continue;
            }
            try {
                Map<?, ?> statistics = (Map<?, ?>) method(runtime.getClass(), "statistics").invoke(runtime);
                Set<String> names = new TreeSet<>();
                for (Object k : statistics.keySet()) {
                    names.add(k.toString());
                }
                return names;
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null; // going away, or not yet usable: ask again
            } finally {
                context.ungetService(r);
            }
        }
        return null;
    }

    /** {@code name()} of the {@value #RUNTIME} interface the class implements (its own class may not be public). */
    private static Method method(Class<?> c, String name) throws NoSuchMethodException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Class<?> i : k.getInterfaces()) {
                if (i.getName().equals(RUNTIME)) {
                    return i.getMethod(name);
                }
            }
        }
        throw new NoSuchMethodException(RUNTIME + "." + name + " on " + c);
    }

    private ServiceReference<?>[] references(String objectClass) {
        try {
            ServiceReference<?>[] refs = context.getAllServiceReferences(objectClass, null);
            return refs == null ? new ServiceReference<?>[0] : refs;
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
