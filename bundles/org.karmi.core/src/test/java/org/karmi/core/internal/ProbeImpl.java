package org.karmi.core.internal;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.ServerNotActiveException;

import org.karmi.server.UnicastRemoteObject;

/** A {@link Probe} written as a java.rmi server: a {@link UnicastRemoteObject} (exported by its constructor). */
public class ProbeImpl extends UnicastRemoteObject implements Probe, Cloneable {
    private static final long serialVersionUID = 1L;

    public ProbeImpl() throws RemoteException {
    }

    public ProbeImpl(int port) throws RemoteException {
        super(port);
    }

    public ProbeImpl(int port, java.rmi.server.RMIClientSocketFactory csf, java.rmi.server.RMIServerSocketFactory ssf)
            throws RemoteException {
        super(port, csf, ssf);
    }

    @Override
    public String clientHost() throws RemoteException {
        try {
            return getClientHost();
        } catch (ServerNotActiveException e) {
            throw new RemoteException("not in a call", e);
        }
    }

    @Override
    public int callOf(Callback cb, int n) throws RemoteException {
        return cb.call(n);
    }

    @Override
    public Remote echo(Remote r) {
        return r;
    }

    @Override
    public void fail(Probe next) throws RemoteException, AppException {
        if (next != null) {
            next.fail(null);
        }
        throw new AppException("probe failure");
    }

    @Override
    public ProbeImpl clone() throws CloneNotSupportedException {
        return (ProbeImpl) super.clone();
    }
}
