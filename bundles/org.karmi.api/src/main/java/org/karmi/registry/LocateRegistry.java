package org.karmi.registry;

import java.rmi.RemoteException;

import org.karmi.Karmi;

/**
 * Drop-in replacement for {@link java.rmi.registry.LocateRegistry}. {@code getRegistry}
 * returns a reference without touching the network; {@code createRegistry} returns this
 * node's registry (KaRMI has one registry per node, on the node's TCP port).
 */
public final class LocateRegistry {

    private LocateRegistry() {
    }

    public static Registry getRegistry() throws RemoteException {
        return getRegistry(null, Registry.REGISTRY_PORT);
    }

    public static Registry getRegistry(int port) throws RemoteException {
        return getRegistry(null, port);
    }

    public static Registry getRegistry(String host) throws RemoteException {
        return getRegistry(host, Registry.REGISTRY_PORT);
    }

    public static Registry getRegistry(String host, int port) throws RemoteException {
        String h = host == null || host.isEmpty() ? "localhost" : host;
        return Karmi.runtime().registry(h, port <= 0 ? Registry.REGISTRY_PORT : port);
    }

    /**
     * Returns this node's registry. {@code port} is accepted for source compatibility; the
     * node's registry port is configuration ({@code karmi.tcp.port}).
     */
    public static Registry createRegistry(int port) throws RemoteException {
        return Karmi.runtime().registry();
    }
}
