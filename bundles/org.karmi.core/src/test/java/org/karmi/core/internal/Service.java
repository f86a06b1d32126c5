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
    /** Asks {@code via} for the name of {@code target}: passes {@code target}'s reference on. */
    String nameVia(Service via, Service target) throws RemoteException;
    /** Calls sent by this service's node so far, per technology name (from {@code RemoteRuntime.statistics()}). */
    java.util.Map<String, Long> callsSent() throws RemoteException;
    /** Exports a new service with that name and returns it. */
    Service create(String name) throws RemoteException;
    /** Unexports this object (force) and returns whether it was exported. */
    boolean drop() throws RemoteException;
}
