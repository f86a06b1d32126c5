package example.socket_factories;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Echoes. */
public interface Echo extends Remote {

    String echo(String s) throws RemoteException;

    void shutdown() throws RemoteException;
}
