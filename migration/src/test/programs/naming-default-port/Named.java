package example.naming_default_port;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** An object that knows its name. */
public interface Named extends Remote {

    String name() throws RemoteException;

    void shutdown() throws RemoteException;
}
