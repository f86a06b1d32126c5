package example.remote_serializable_by_value;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Looks at what it is given. */
public interface Inspector extends Remote {

    String inspect(Remote r) throws RemoteException;

    Remote echo(Remote r) throws RemoteException;

    String greetWith(Greeter g) throws RemoteException;

    void shutdown() throws RemoteException;
}
