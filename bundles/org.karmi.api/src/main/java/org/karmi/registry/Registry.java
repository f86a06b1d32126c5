package org.karmi.registry;

import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Drop-in replacement for {@link java.rmi.registry.Registry}: a node's table of names bound
 * to remote objects. One registry per node, reachable at the node's TCP address (its port
 * defaults to {@link #REGISTRY_PORT}). {@code bind}, {@code rebind} and {@code unbind} are
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
