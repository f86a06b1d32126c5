package example.registry_unexport_frees_port;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Something to bind. */
public interface Thing extends Remote {

    int id() throws RemoteException;
}
