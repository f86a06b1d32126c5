package example.callback_reentrant;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** One side of a ping-pong of nested calls. */
public interface Node extends Remote {

    /** Returns n if n is 0, else 1 + other.countDown(n - 1, this). */
    int countDown(int n, Node other) throws RemoteException;

    void shutdown() throws RemoteException;
}
