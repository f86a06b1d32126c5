package example.multiple_interfaces;

import java.rmi.RemoteException;

/** Both, plus shutdown. */
public interface Buffer extends Reader, Writer {

    int size() throws RemoteException;

    void shutdown() throws RemoteException;
}
