package example.exception_runtime;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Arithmetic that can fail. */
public interface Calculator extends Remote {

    int divide(int a, int b) throws RemoteException;

    int parse(String number) throws RemoteException;

    int spend(int amount) throws RemoteException;

    void shutdown() throws RemoteException;
}
