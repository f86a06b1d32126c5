package org.karmi.core.internal;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** The remote interface the core tests call. */
public interface Service extends Remote {
    void ping() throws RemoteException;
    int add(int a, int b) throws RemoteException;
    long twice(long v) throws RemoteException;
    double half(double v) throws RemoteException;
    float scale(float v) throws RemoteException;
    char upper(char c) throws RemoteException;
    byte neg(byte b) throws RemoteException;
    short inc(short s) throws RemoteException;
    boolean not(boolean b) throws RemoteException;
    Object echo(Object o) throws RemoteException;
    /** Adds one to the box's value and item list on the server and returns the box. */
    Box mutate(Box b) throws RemoteException;
    /** Throws: "app" AppException, "runtime" IllegalStateException, "error" AssertionError, "remote" RemoteException. */
    void fail(String kind) throws RemoteException, AppException;
    void sleep(long millis) throws RemoteException;
    String name() throws RemoteException;
    /** Calls back {@code cb.call(n)} and returns its answer plus one. */
    int callBack(Callback cb, int n) throws RemoteException;
    /** Calls {@code other.name()}. */
    String nameOf(Service other) throws RemoteException;
    /** Exports a new service with that name and returns it. */
    Service create(String name) throws RemoteException;
    /** Unexports this object (force) and returns whether it was exported. */
    boolean drop() throws RemoteException;
}
