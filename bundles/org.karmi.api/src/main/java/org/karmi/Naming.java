package org.karmi;

import java.net.MalformedURLException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.karmi.registry.Registry;

/**
 * Drop-in replacement for {@link java.rmi.Naming}: the same static methods, the same URL
 * forms as {@link RegistryUrl} reads them ({@code name}, {@code /name}, {@code //host:port/name},
 * {@code rmi://host:port/name}, {@code rmi:///name}, ...), plus the scheme {@code karmi}, and the
 * same refusals ({@link MalformedURLException}). Host defaults to the local host, port to
 * {@link Registry#REGISTRY_PORT}. A URL without a name names the registry itself:
 * {@code lookup("rmi://host:port/")} returns it. Delegates to {@link Karmi#runtime()};
 * stateless and thread-safe.
 */
public final class Naming {

    private Naming() {
    }

    /** Returns the object bound to the name in the URL, or the registry if the URL has no name. */
    public static Remote lookup(String name) throws NotBoundException, MalformedURLException, RemoteException {
        RegistryUrl url = RegistryUrl.parse(name);
        Registry registry = registryOf(url);
        return url.hasName() ? registry.lookup(url.name()) : registry;
    }

    /**
     * Binds the name to {@code obj}; fails if the name is bound already.
     *
     * @throws NullPointerException if {@code obj} is {@code null}
     */
    public static void bind(String name, Remote obj) throws AlreadyBoundException, MalformedURLException, RemoteException {
        RegistryUrl url = RegistryUrl.parse(name);
        Registry registry = registryOf(url);
        if (obj == null) {
            throw new NullPointerException("cannot bind to null");
        }
        registry.bind(nameOf(url), obj);
    }

    /** Removes the binding of the name. */
    public static void unbind(String name) throws RemoteException, NotBoundException, MalformedURLException {
        RegistryUrl url = RegistryUrl.parse(name);
        registryOf(url).unbind(nameOf(url));
    }

    /**
     * Binds the name to {@code obj}, replacing any binding.
     *
     * @throws NullPointerException if {@code obj} is {@code null}
     */
    public static void rebind(String name, Remote obj) throws RemoteException, MalformedURLException {
        RegistryUrl url = RegistryUrl.parse(name);
        Registry registry = registryOf(url);
        if (obj == null) {
            throw new NullPointerException("cannot bind to null");
        }
        registry.rebind(nameOf(url), obj);
    }

    /**
     * The names bound in the registry named by the URL (its name part, if any, is ignored),
     * each as a URL {@code //host:port/name} with host and port as the given URL had them.
     */
    public static String[] list(String name) throws RemoteException, MalformedURLException {
        RegistryUrl url = RegistryUrl.parse(name);
        String[] names = registryOf(url).list();
        String prefix = url.listPrefix();
        for (int i = 0; i < names.length; i++) {
            names[i] = prefix + names[i];
        }
        return names;
    }

    /** The name, or {@code null} for a URL without one (the registry refuses it, as java.rmi's does). */
    private static String nameOf(RegistryUrl url) {
        return url.hasName() ? url.name() : null;
    }

    private static Registry registryOf(RegistryUrl url) throws RemoteException {
        return Karmi.runtime().registry(url.host(), url.port());
    }
}
