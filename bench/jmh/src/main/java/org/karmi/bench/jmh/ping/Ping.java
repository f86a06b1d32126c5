package org.karmi.bench.jmh.ping;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The smallest remote call: no arguments, no result. */
public interface Ping extends Remote {

    void ping() throws RemoteException;
}
