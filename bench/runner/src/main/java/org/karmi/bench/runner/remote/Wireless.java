package org.karmi.bench.runner.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The wireless paper's test cases (its Table 4). */
public interface Wireless extends Remote {

    /** {@code Void}: no parameters, no result. */
    void voidCall() throws RemoteException;

    /** {@code ReturnPing}: byte[500] there and back. */
    byte[] returnPing(byte[] data) throws RemoteException;

    /** {@code PingText}: a 9689-byte text there, nothing back. */
    void pingText(byte[] text) throws RemoteException;

    /**
     * {@code NewRef} (not in the paper): a reference to a remote object exported for this call,
     * which the caller drops at once; what the distributed garbage collector costs per new
     * reference (java.rmi makes a dirty call before the result is returned, and a clean later).
     */
    Wireless fresh() throws RemoteException;
}
