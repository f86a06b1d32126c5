package example.tutorial;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The tutorial's remote interface, plus a way to stop the server. */
public interface Hello extends Remote {

    String sayHello() throws RemoteException;

    /** Unexports the server's objects once this call has ended. */
    void shutdown() throws RemoteException;
}
