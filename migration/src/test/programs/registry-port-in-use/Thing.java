package example.registry_port_in_use;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Something to export. */
public interface Thing extends Remote {

    int id() throws RemoteException;
}
