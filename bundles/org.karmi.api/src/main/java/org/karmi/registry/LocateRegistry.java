package org.karmi.registry;

import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;

import org.karmi.Karmi;

/**
 * Drop-in replacement for {@link java.rmi.registry.LocateRegistry}. {@code getRegistry}
 * returns a reference without touching the network (a host that is {@code null} or empty
 * means {@code localhost}, a port of 0 or less {@link Registry#REGISTRY_PORT});
 * {@code createRegistry} creates and exports a new registry for a port and returns the
 * registry object itself, which {@code UnicastRemoteObject.unexportObject(registry, true)}
 * unexports. A second registry on a port that has one in this JVM is refused with
 * {@link java.rmi.server.ExportException}, as {@code java.rmi} refuses it.
 *
 * <p>Each registry listens on its own port, through its server socket factory if it was
 * given one; its reference carries the client socket factory, through which its callers
 * connect. Stateless and thread-safe.
 */
public final class LocateRegistry {

    private LocateRegistry() {
    }

    /** The registry on this host at {@link Registry#REGISTRY_PORT}. */
    public static Registry getRegistry() throws RemoteException {
        return getRegistry(null, Registry.REGISTRY_PORT);
    }

    /** The registry on this host at {@code port}. */
    public static Registry getRegistry(int port) throws RemoteException {
        return getRegistry(null, port);
    }

    /** The registry on {@code host} at {@link Registry#REGISTRY_PORT}. */
    public static Registry getRegistry(String host) throws RemoteException {
        return getRegistry(host, Registry.REGISTRY_PORT);
    }

    /** The registry on {@code host} at {@code port}. */
    public static Registry getRegistry(String host, int port) throws RemoteException {
        return getRegistry(host, port, null);
    }

    /**
     * The registry on {@code host} at {@code port}, reached through sockets {@code csf}
     * makes ({@code null}: the technology's own).
     */
    public static Registry getRegistry(String host, int port, RMIClientSocketFactory csf) throws RemoteException {
        String h = host == null || host.isEmpty() ? "localhost" : host;
        return Karmi.runtime().registry(h, port <= 0 ? Registry.REGISTRY_PORT : port, csf);
    }

    /**
     * Creates and exports a registry for {@code port} and returns it.
     *
     * @throws java.rmi.server.ExportException if this JVM has a registry on {@code port} already
     */
    public static Registry createRegistry(int port) throws RemoteException {
        return createRegistry(port, null, null);
    }

    /**
     * Creates and exports a registry for {@code port} whose calls use the given socket
     * factories ({@code null}: the technology's own) and returns it.
     *
     * @throws java.rmi.server.ExportException if this JVM has a registry on {@code port} already
     */
    public static Registry createRegistry(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        return Karmi.runtime().createRegistry(port, csf, ssf);
    }
}
