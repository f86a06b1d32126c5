package example.marshal_errors;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Takes and gives values of any kind. */
public interface Sink extends Remote {

    void take(Object value) throws RemoteException;

    Object give() throws RemoteException;

    int taken() throws RemoteException;

    void shutdown() throws RemoteException;
}
