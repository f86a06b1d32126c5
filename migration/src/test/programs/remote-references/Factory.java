package example.remote_references;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;

/** Makes counters and works on counters it is given. */
public interface Factory extends Remote {

    Counter newCounter(String name) throws RemoteException;

    /** Increments every counter of the list once and returns the sum of the new values. */
    int incrementAll(List<Counter> counters) throws RemoteException;

    /** Whether the argument arrived as the server's own implementation object. */
    boolean isImplementation(Counter counter) throws RemoteException;

    /** Returns its argument. */
    Counter same(Counter counter) throws RemoteException;

    /** Every counter made so far, by name. */
    Map<String, Counter> all() throws RemoteException;

    void shutdown() throws RemoteException;
}
