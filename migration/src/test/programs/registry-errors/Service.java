package example.registry_errors;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The bound service. */
public interface Service extends Remote {

    void shutdown() throws RemoteException;
}
