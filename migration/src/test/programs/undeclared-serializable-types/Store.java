package example.undeclared_serializable_types;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** A key-value store of anything Serializable. */
public interface Store extends Remote {

    void put(String key, Object value) throws RemoteException;

    Object get(String key) throws RemoteException;

    /** What class the stored value has in the server. */
    String classOf(String key) throws RemoteException;

    void shutdown() throws RemoteException;
}
