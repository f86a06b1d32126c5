package example.no_such_object;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** Controls the widget. */
public interface Control extends Remote {

    Widget widget() throws RemoteException;

    /** Unexports the widget; returns what unexportObject returned. */
    boolean unexportWidget() throws RemoteException;

    /** Unexports the widget again; returns the exception class, or "none". */
    String unexportWidgetAgain() throws RemoteException;

    /** Unexports an object never exported; returns the exception class, or "none". */
    String unexportStranger() throws RemoteException;

    void shutdown() throws RemoteException;
}
