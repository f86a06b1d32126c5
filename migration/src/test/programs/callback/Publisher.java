package example.callback;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The server's object: keeps listeners and calls them. */
public interface Publisher extends Remote {

    void subscribe(Listener listener) throws RemoteException;

    /** Calls every listener before it returns. */
    void publish(String event) throws RemoteException;

    /** Returns at once; a thread of the server calls the listeners afterwards. */
    void publishLater(String event) throws RemoteException;

    /** Removes the listener (found by equality) and returns how many are left. */
    int unsubscribe(Listener listener) throws RemoteException;

    void shutdown() throws RemoteException;
}
