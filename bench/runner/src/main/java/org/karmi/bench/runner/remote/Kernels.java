package org.karmi.bench.runner.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * The paper's kernels (KaRMI paper, section 6.1 a and b). {@code obj} is made by an
 * {@link org.karmi.bench.runner.args.ArgumentFactory}; Java cannot overload on the return
 * type alone, so the value-returning variants carry a {@code Return} suffix.
 */
public interface Kernels extends Remote {

    void ping() throws RemoteException;

    void ping(int a, int b) throws RemoteException;

    void ping(int a, int b, float c, float d) throws RemoteException;

    void ping(Object obj) throws RemoteException;

    Object pingReturn(Object obj) throws RemoteException;

    /** Calls back the session's {@link Pong} with {@code obj} before returning. */
    void pingpong(Object obj) throws RemoteException;

    /** Calls back the session's {@link Pong} with {@code obj} and returns what it returned. */
    Object pingpongReturn(Object obj) throws RemoteException;

    /** Returns {@code obj}; called by several clients at once (the star kernel). */
    Object star(Object obj) throws RemoteException;

    /** An int-returning method for the calls-per-second-against-clients run (CORBA paper). */
    int next() throws RemoteException;

    /** Sleeps {@code millis}: the CORBA paper's test whether a server runs calls in parallel. */
    void sleep(long millis) throws RemoteException;

    /** A per-client session whose pingpong kernels call back {@code callback}. */
    Kernels session(Pong callback) throws RemoteException;
}
