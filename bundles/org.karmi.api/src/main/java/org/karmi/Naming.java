package org.karmi;

import java.net.MalformedURLException;
import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.karmi.registry.Registry;

/**
 * Drop-in replacement for {@link java.rmi.Naming}: the same static methods, the same URL
 * forms ({@code //host:port/name}, {@code rmi://host:port/name}) plus {@code karmi://}.
 * Host defaults to the local host, port to {@link Registry#REGISTRY_PORT}. Delegates to
 * {@link Karmi#runtime()}.
 */
public final class Naming {

    private Naming() {
    }

    /** Returns the object bound to the name in the URL. */
    public static Remote lookup(String name) throws NotBoundException, MalformedURLException, RemoteException {
        return Karmi.runtime().lookup(name);
    }

    /** Binds the name to {@code obj}; fails if the name is bound already. */
    public static void bind(String name, Remote obj) throws AlreadyBoundException, MalformedURLException, RemoteException {
        RegistryUrl url = RegistryUrl.parse(name);
        registryOf(url).bind(url.name(), obj);
    }

    /** Removes the binding of the name. */
    public static void unbind(String name) throws RemoteException, NotBoundException, MalformedURLException {
        RegistryUrl url = RegistryUrl.parse(name);
        registryOf(url).unbind(url.name());
    }

    /** Binds the name to {@code obj}, replacing any binding. */
    public static void rebind(String name, Remote obj) throws RemoteException, MalformedURLException {
        RegistryUrl url = RegistryUrl.parse(name);
        registryOf(url).rebind(url.name(), obj);
    }

    /** The names bound in the registry named by the URL (its name part, if any, is ignored), each as a URL. */
    public static String[] list(String name) throws RemoteException, MalformedURLException {
        RegistryUrl url = RegistryUrl.parse(name);
        String[] names = Karmi.runtime().registry(url.host(), url.port()).list();
        String prefix = "//" + url.host() + ":" + url.port() + "/";
        for (int i = 0; i < names.length; i++) {
            names[i] = prefix + names[i];
        }
        return names;
    }

    private static Registry registryOf(RegistryUrl url) throws RemoteException {
        if (url.name().isEmpty()) {
            throw new AccessException("no name in registry URL");
        }
        return Karmi.runtime().registry(url.host(), url.port());
    }
}
