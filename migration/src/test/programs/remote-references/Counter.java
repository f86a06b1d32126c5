package example.remote_references;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A counter living in the server. */
public interface Counter extends Remote {

    int increment() throws RemoteException;

    String name() throws RemoteException;
}
