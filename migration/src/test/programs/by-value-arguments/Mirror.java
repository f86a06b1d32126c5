package example.by_value_arguments;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;

/** Looks at values. */
public interface Mirror extends Remote {

    /** Sets the value of its copy to 99 and returns it. */
    Box modify(Box box) throws RemoteException;

    boolean same(Box a, Box b) throws RemoteException;

    /** Follows next until it comes back to the start; returns the length of the cycle (at most 100). */
    int cycleLength(Box start) throws RemoteException;

    boolean isRed(Color c) throws RemoteException;

    String note(Box box) throws RemoteException;

    String describe(Box box) throws RemoteException;

    /** Doubles every value in place and returns the list. */
    List<Box> doubleAll(List<Box> boxes) throws RemoteException;

    int[] reversed(int[] values) throws RemoteException;

    void shutdown() throws RemoteException;
}
