package example.export_during_calls;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Exports and unexports items. */
public interface Factory extends Remote {

    Item create(int value) throws RemoteException;

    /** Unexports the item made with this value; returns what unexportObject returned. */
    boolean drop(int value) throws RemoteException;

    /** How many items are exported now. */
    int live() throws RemoteException;

    void shutdown() throws RemoteException;
}
