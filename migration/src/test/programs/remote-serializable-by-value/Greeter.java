package example.remote_serializable_by_value;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Something that greets. */
public interface Greeter extends Remote {

    String greet() throws RemoteException;
}
