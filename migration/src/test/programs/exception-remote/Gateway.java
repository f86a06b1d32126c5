package example.exception_remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Calls that fail with RemoteExceptions raised by the server's own code. */
public interface Gateway extends Remote {

    void plain() throws RemoteException;

    void access() throws RemoteException;

    void backend() throws BackendDownException, RemoteException;

    void shutdown() throws RemoteException;
}
