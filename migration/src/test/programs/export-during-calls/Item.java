package example.export_during_calls;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A short-lived object. */
public interface Item extends Remote {

    int value() throws RemoteException;
}
