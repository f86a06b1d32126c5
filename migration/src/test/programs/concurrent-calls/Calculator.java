package example.concurrent_calls;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Calls for many threads at once. */
public interface Calculator extends Remote {

    long square(long x) throws RemoteException;

    /** Waits (up to 20 s) until {@code parties} calls are inside; true if they all met. */
    boolean meet(int parties) throws RemoteException;

    /** How many squares were computed. */
    int squares() throws RemoteException;

    void shutdown() throws RemoteException;
}
