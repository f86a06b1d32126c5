package example.remote_references;

import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;

/** A counter; exported when made. */
public class CounterImpl extends UnicastRemoteObject implements Counter {

    private final String name;
    private int value;

    CounterImpl(String name) throws RemoteException {
        this.name = name;
    }

    public synchronized int increment() {
        return ++value;
    }

    public String name() {
        return name;
    }
}
