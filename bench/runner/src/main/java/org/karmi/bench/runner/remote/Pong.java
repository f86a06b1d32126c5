package org.karmi.bench.runner.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The client side of the pingpong kernels: the server calls it back during a call. */
public interface Pong extends Remote {

    void pong(Object obj) throws RemoteException;

    Object pongReturn(Object obj) throws RemoteException;
}
