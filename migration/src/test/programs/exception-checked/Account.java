package example.exception_checked;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A bank account. */
public interface Account extends Remote {

    int withdraw(int amount) throws InsufficientFundsException, RemoteException;

    void shutdown() throws RemoteException;
}
