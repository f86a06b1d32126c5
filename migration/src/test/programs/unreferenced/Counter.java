package example.unreferenced;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A remote counter. */
public interface Counter extends Remote {

    int next() throws RemoteException;
}
