package example.marshalled_stub;

import java.rmi.MarshalledObject;
import java.rmi.Remote;
import java.rmi.RemoteException;

/** Hands out and opens MarshalledObjects holding stubs. */
public interface Vault extends Remote {

    String name() throws RemoteException;

    /** Its own stub, wrapped. */
    MarshalledObject<Vault> wrapped() throws RemoteException;

    /** Unwraps the argument and calls name() on it. */
    String open(MarshalledObject<Vault> wrapped) throws RemoteException;

    void shutdown() throws RemoteException;
}
