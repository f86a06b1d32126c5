package org.karmi.registry;

import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Drop-in replacement for {@link java.rmi.registry.Registry}: a table of names bound to
 * remote objects. Every node has its own registry, reachable at the node's TCP address (its
 * port defaults to {@link #REGISTRY_PORT}); {@link LocateRegistry#createRegistry(int)} makes
 * more, one per port. {@code bind}, {@code rebind} and {@code unbind} are
 * accepted only from the local host by default ({@link AccessException} otherwise);
 * {@code lookup} and {@code list} from anywhere.
 */
public interface Registry extends Remote {

    /** Default port of a node's registry (the TCP technology's default port). */
    int REGISTRY_PORT = 2099;

    Remote lookup(String name) throws RemoteException, NotBoundException, AccessException;

    void bind(String name, Remote obj) throws RemoteException, AlreadyBoundException, AccessException;

    void unbind(String name) throws RemoteException, NotBoundException, AccessException;

    void rebind(String name, Remote obj) throws RemoteException, AccessException;

    String[] list() throws RemoteException, AccessException;
}
