package example.to_stub_equals;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** An item that can compare what it is given with itself. */
public interface Item extends Remote {

    String name() throws RemoteException;

    /** How the server compares the argument with its objects and their stubs. */
    String compare(Item other) throws RemoteException;

    void shutdown() throws RemoteException;
}
