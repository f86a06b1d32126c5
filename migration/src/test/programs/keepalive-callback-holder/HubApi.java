package example.keepalive_callback_holder;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The hub's remote interface. */
public interface HubApi extends Remote {

    void register(Callback callback) throws RemoteException;

    /** Sends the message to every registered callback; returns how many got it. */
    int broadcast(String message) throws RemoteException;

    /** Asks every callback to stop. */
    void stopAll() throws RemoteException;

    void shutdown() throws RemoteException;
}
