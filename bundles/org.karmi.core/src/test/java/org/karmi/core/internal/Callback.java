package org.karmi.core.internal;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A call-back interface for the ping-pong tests. */
public interface Callback extends Remote {
    int call(int n) throws RemoteException;
}
