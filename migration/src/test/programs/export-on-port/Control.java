package example.export_on_port;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Unexports the object on port 1 and reports whether the ports still accept connections. */
public interface Control extends Remote {

    String unexportFixed() throws RemoteException;

    void shutdown() throws RemoteException;
}
