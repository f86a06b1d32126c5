package example.client_host;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Reports who calls. */
public interface Service extends Remote {

    String whoCalls() throws RemoteException;

    String whoCallsFromAnotherThread() throws RemoteException;

    /** What the callback says getClientHost() is when the server calls it. */
    String askCallback(Callback callback) throws RemoteException;

    void shutdown() throws RemoteException;
}
