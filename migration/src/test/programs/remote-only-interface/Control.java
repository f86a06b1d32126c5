package example.remote_only_interface;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Checks tokens. */
public interface Control extends Remote {

    /** Whether the argument equals the stub of the server's token. */
    boolean isOurToken(Remote token) throws RemoteException;

    Remote token() throws RemoteException;

    void shutdown() throws RemoteException;
}
