package example.unexport_during_calls;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** An object with a call that blocks. */
public interface Worker extends Remote {

    /** Blocks until released (at most 30 s), then returns "released". */
    String block() throws RemoteException;

    String ping() throws RemoteException;
}
