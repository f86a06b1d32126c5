package example.unreferenced;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Hands out counters. */
public interface Factory extends Remote {

    Counter make() throws RemoteException;
}
