package example.no_such_object;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** An object the server unexports on request. */
public interface Widget extends Remote {

    String ping() throws RemoteException;
}
