package org.karmi.bench.runner.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The CORBA paper's data-type run (section 5.1): methods without parameters that return one
 * value each; {@link #text()} returns a string of the length last set.
 */
public interface DataTypes extends Remote {

    boolean getBoolean() throws RemoteException;

    int getInt() throws RemoteException;

    long getLong() throws RemoteException;

    float getFloat() throws RemoteException;

    double getDouble() throws RemoteException;

    String text() throws RemoteException;

    /** Sets the length of the string {@link #text()} returns. */
    void textLength(int chars) throws RemoteException;
}
