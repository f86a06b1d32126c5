package example.callback;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** What the client exports for the server to call. */
public interface Listener extends Remote {

    void onEvent(String event) throws RemoteException;
}
