package org.karmi.bench.runner.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * Every node exports one: it hands out the node's workers for the small applications. Each
 * method returns the same exported object every time (workers are reset by their users).
 */
public interface AppHost extends Remote {

    HammingStream hamming(int slot) throws RemoteException;

    ParaffinWorker paraffin() throws RemoteException;

    SorWorker sor() throws RemoteException;
}
