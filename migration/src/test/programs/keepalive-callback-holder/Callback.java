package example.keepalive_callback_holder;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The listener's remote interface. */
public interface Callback extends Remote {

    void onMessage(String message) throws RemoteException;

    /** Unexports the listener once this call has ended. */
    void stop() throws RemoteException;
}
