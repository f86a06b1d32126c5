package example.export_on_port;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Echoes. */
public interface Echo extends Remote {

    String echo(String s) throws RemoteException;
}
