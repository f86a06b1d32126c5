package example.client_host;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Called back by the server. */
public interface Callback extends Remote {

    /** Returns getClientHost() as the callback sees it. */
    String whoCalls() throws RemoteException;
}
