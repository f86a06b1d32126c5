package org.karmi.core.internal;

import java.rmi.Remote;
import java.rmi.RemoteException;

/** What the java.rmi-semantics tests ask a server: who calls, and calls passed on. */
public interface Probe extends Remote {
    /** {@code RemoteServer.getClientHost()} inside the call. */
    String clientHost() throws RemoteException;

    /** Calls {@code cb.call(n)} and returns its answer. */
    int callOf(Callback cb, int n) throws RemoteException;

    /** Returns {@code r} as it arrived. */
    Remote echo(Remote r) throws RemoteException;

    /** Throws an {@link AppException}, or has {@code next} throw it first if not {@code null}. */
    void fail(Probe next) throws RemoteException, AppException;
}
