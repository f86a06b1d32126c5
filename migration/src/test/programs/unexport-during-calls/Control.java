package example.unexport_during_calls;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Controls the worker. */
public interface Control extends Remote {

    Worker worker() throws RemoteException;

    /** Waits (at most 30 s) until a block() call is inside the worker. */
    boolean awaitBlocked() throws RemoteException;

    boolean unexportWorker(boolean force) throws RemoteException;

    void release() throws RemoteException;

    void shutdown() throws RemoteException;
}
