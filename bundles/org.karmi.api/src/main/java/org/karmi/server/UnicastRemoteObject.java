package org.karmi.server;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.ServerCloneException;

import org.karmi.Karmi;

/**
 * Drop-in replacement for {@link java.rmi.server.UnicastRemoteObject}: subclass it (the
 * constructor exports the new object) or call one of the {@code exportObject} methods, which
 * export through the default runtime ({@link Karmi#runtime()}) and return the stub. As with
 * {@code java.rmi}, exporting an object twice throws {@link java.rmi.server.ExportException},
 * a clone is exported anew, and an object of this class read back from a stream is exported
 * again where it is read.
 *
 * <p>A port and socket factories work as in {@code java.rmi}: the TCP technology listens on
 * the port through the server socket factory, and callers connect through the client socket
 * factory the stub carries. An {@link ObjectInputFilter} given to an export decides first
 * which classes the arguments of calls to that object may carry.
 *
 * <p>Thread-safe.
 */
public class UnicastRemoteObject extends RemoteServer {

    private static final long serialVersionUID = 1L;

    /** The port this object asked to be exported on (0: any). */
    private int port;
    /** Its client socket factory, or {@code null}. */
    private RMIClientSocketFactory csf;
    /** Its server socket factory, or {@code null}. */
    private RMIServerSocketFactory ssf;

    /** Exports this object on any port. */
    protected UnicastRemoteObject() throws RemoteException {
        this(0);
    }

    /** Exports this object on {@code port} (0: any). */
    protected UnicastRemoteObject(int port) throws RemoteException {
        this.port = port;
        exportObject(this, port);
    }

    /**
     * Exports this object on {@code port} (0: any) with the given socket factories
     * ({@code null}: the technology's own).
     */
    protected UnicastRemoteObject(int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        this.port = port;
        this.csf = csf;
        this.ssf = ssf;
        exportObject(this, port, csf, ssf);
    }

    /** Exports the object read back from a stream again, as it was exported. */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        reexport();
    }

    /**
     * A clone of this object, exported anew.
     *
     * @throws CloneNotSupportedException if the subclass is not {@link Cloneable}; a
     *         {@link ServerCloneException} if exporting the clone fails
     */
    @Override
    public Object clone() throws CloneNotSupportedException {
        try {
            UnicastRemoteObject cloned = (UnicastRemoteObject) super.clone();
            exportedAs(cloned, null);
            cloned.reexport();
            return cloned;
        } catch (RemoteException e) {
            throw new ServerCloneException("Clone failed", e);
        }
    }

    private void reexport() throws RemoteException {
        exportObject(this, port, csf, ssf);
    }

    /**
     * Exports {@code obj} on any port and returns its stub. ({@code java.rmi} declares the
     * result as {@code RemoteStub}; KaRMI returns a stub typed {@link Remote}.)
     */
    public static Remote exportObject(Remote obj) throws RemoteException {
        return exportObject(obj, 0);
    }

    /** Exports {@code obj} on {@code port} (0: any) and returns its stub. */
    public static Remote exportObject(Remote obj, int port) throws RemoteException {
        return exportObject(obj, port, null, null, null);
    }

    /**
     * Exports {@code obj} on {@code port} (0: any) with the given socket factories and
     * returns its stub.
     */
    public static Remote exportObject(Remote obj, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf)
            throws RemoteException {
        return exportObject(obj, port, csf, ssf, null);
    }

    /**
     * Exports {@code obj} on {@code port} (0: any), with {@code filter} deciding first which
     * classes arguments of its calls may carry, and returns its stub.
     */
    public static Remote exportObject(Remote obj, int port, ObjectInputFilter filter) throws RemoteException {
        return exportObject(obj, port, null, null, filter);
    }

    /**
     * Exports {@code obj} on {@code port} (0: any) with the given socket factories and
     * argument filter, and returns its stub.
     *
     * @throws java.rmi.server.ExportException if {@code obj} is exported already or cannot be exported
     */
    public static Remote exportObject(Remote obj, int port, RMIClientSocketFactory csf, RMIServerSocketFactory ssf,
            ObjectInputFilter filter) throws RemoteException {
        Remote stub = Karmi.runtime().export(obj, port, csf, ssf, filter);
        exportedAs(obj, stub);
        return stub;
    }

    /**
     * Unexports {@code obj}: later calls to it fail with {@link NoSuchObjectException}. A
     * registry made by {@code LocateRegistry.createRegistry} is unexported the same way.
     *
     * @param force unexport even if calls are in progress
     * @return whether it was unexported ({@code false}: calls are in progress and
     *         {@code force} is {@code false})
     * @throws NoSuchObjectException if {@code obj} is not exported (a stub never is)
     */
    public static boolean unexportObject(Remote obj, boolean force) throws NoSuchObjectException {
        org.karmi.RemoteRuntime runtime = Karmi.current();
        if (runtime == null) {
            throw new NoSuchObjectException("object not exported");
        }
        return runtime.unexport(obj, force);
    }
}
