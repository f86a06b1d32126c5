package example.multiple_interfaces;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Writes; write is overloaded; size is also declared in Reader. */
public interface Writer extends Remote {

    void write(String s) throws RemoteException;

    void write(int n) throws RemoteException;

    void write(String s, int times) throws RemoteException;

    int size() throws RemoteException;
}
