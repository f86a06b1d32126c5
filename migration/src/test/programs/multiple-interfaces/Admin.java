package example.multiple_interfaces;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A second, unrelated remote interface. */
public interface Admin extends Remote {

    void clear() throws RemoteException;
}
