package org.karmi;

import java.rmi.RemoteException;
import java.util.Iterator;
import java.util.ServiceLoader;

/**
 * The process's default {@link RemoteRuntime}, used by the static drop-in facade
 * ({@link Naming}, {@link org.karmi.registry.LocateRegistry},
 * {@link org.karmi.server.UnicastRemoteObject}), which cannot be given a service.
 *
 * <p>In OSGi the reference layer {@linkplain #install installs} its runtime when it
 * activates and {@linkplain #uninstall uninstalls} it when it deactivates; bundles that can
 * should use the {@code RemoteRuntime} service instead. Outside OSGi the first call of
 * {@link #runtime()} creates a node through the {@link RemoteRuntimeFactory} found by
 * {@link ServiceLoader}. Thread-safe.
 */
public final class Karmi {

    private static final Object LOCK = new Object();
    private static volatile RemoteRuntime current;

    private Karmi() {
    }

    /**
     * The default runtime, created on first use outside OSGi.
     *
     * @throws RemoteException if there is none and none can be created (no reference layer on
     *                         the class path, or it failed to start: the cause says why)
     */
    public static RemoteRuntime runtime() throws RemoteException {
        RemoteRuntime r = current;
        if (r != null) {
            return r;
        }
        synchronized (LOCK) {
            if (current == null) {
                Iterator<RemoteRuntimeFactory> factories =
                        ServiceLoader.load(RemoteRuntimeFactory.class, Karmi.class.getClassLoader()).iterator();
                if (!factories.hasNext()) {
                    throw new RemoteException("no KaRMI runtime: the reference layer (org.karmi.core) is neither "
                            + "active in OSGi nor on the class path");
                }
                current = factories.next().create();
            }
            return current;
        }
    }

    /**
     * The default runtime if one exists (created by {@link #runtime()} or
     * {@linkplain #install installed}), else {@code null}: never creates one. For code that
     * must not start a node as a side effect, such as {@code hashCode} of an object that may
     * or may not be exported.
     *
     * @since 1.2
     */
    public static RemoteRuntime current() {
        return current;
    }

    /** Makes {@code runtime} the default if there is none yet; returns whether it did. */
    public static boolean install(RemoteRuntime runtime) {
        synchronized (LOCK) {
            if (current != null) {
                return false;
            }
            current = runtime;
            return true;
        }
    }

    /** Removes {@code runtime} if it is the default. */
    public static void uninstall(RemoteRuntime runtime) {
        synchronized (LOCK) {
            if (current == runtime) {
                current = null;
            }
        }
    }
}
