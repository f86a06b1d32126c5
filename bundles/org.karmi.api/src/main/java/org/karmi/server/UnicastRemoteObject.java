package org.karmi.server;

import java.io.Serializable;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.karmi.Karmi;

/**
 * Drop-in replacement for {@link java.rmi.server.UnicastRemoteObject}: subclass it (the
 * constructor exports the new object) or call {@link #exportObject(Remote)}. Port numbers
 * are accepted for source compatibility and ignored: in KaRMI the transport, not the
 * application, owns sockets (paper, section 4.1).
 */
public class UnicastRemoteObject implements Remote, Serializable {

    private static final long serialVersionUID = 1L;

    /** Exports this object. */
    protected UnicastRemoteObject() throws RemoteException {
        exportObject(this);
    }

    /** Exports this object; {@code port} is ignored. */
    protected UnicastRemoteObject(int port) throws RemoteException {
        exportObject(this);
    }

    /** Exports {@code obj} and returns its stub. */
    public static Remote exportObject(Remote obj) throws RemoteException {
        return Karmi.runtime().export(obj);
    }

    /** Exports {@code obj} and returns its stub; {@code port} is ignored. */
    public static Remote exportObject(Remote obj, int port) throws RemoteException {
        return exportObject(obj);
    }

    /**
     * Unexports {@code obj}.
     *
     * @param force unexport even if calls are in progress
     * @return whether it was unexported
     */
    public static boolean unexportObject(Remote obj, boolean force) throws NoSuchObjectException {
        try {
            return Karmi.runtime().unexport(obj, force);
        } catch (NoSuchObjectException e) {
            throw e;
        } catch (RemoteException e) {
            NoSuchObjectException n = new NoSuchObjectException("no KaRMI runtime: " + e.getMessage());
            n.initCause(e);
            throw n;
        }
    }

    /** The stub of an exported object (as {@link java.rmi.server.RemoteObject#toStub}). */
    public static Remote toStub(Remote obj) throws NoSuchObjectException {
        try {
            return Karmi.runtime().toStub(obj);
        } catch (NoSuchObjectException e) {
            throw e;
        } catch (RemoteException e) {
            NoSuchObjectException n = new NoSuchObjectException("no KaRMI runtime: " + e.getMessage());
            n.initCause(e);
            throw n;
        }
    }
}
