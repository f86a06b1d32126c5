package example.exception_error;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Checks that fail with Errors. */
public interface Checker extends Remote {

    void assertPositive(int n) throws RemoteException;

    void checkState() throws RemoteException;

    int ping() throws RemoteException;

    void shutdown() throws RemoteException;
}
