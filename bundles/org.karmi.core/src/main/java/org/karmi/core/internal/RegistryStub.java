package org.karmi.core.internal;

import java.io.IOException;
import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.UnexpectedException;

import org.karmi.registry.Registry;
import org.karmi.spi.ref.ClientRef;
import org.karmi.spi.ref.MethodHash;
import org.karmi.spi.ref.RemoteCall;
import org.karmi.spi.ref.RemoteStub;
import org.karmi.spi.serial.SerialOutput;

/**
 * The stub of a node's {@link Registry}, written by hand in the shape the annotation
 * processor generates (the API bundle is compiled without it). Immutable; thread-safe.
 */
final class RegistryStub extends RemoteStub implements Registry {

    private static final long serialVersionUID = 1L;

    static final long LOOKUP = MethodHash.of("lookup(java.lang.String)");
    static final long BIND = MethodHash.of("bind(java.lang.String,java.rmi.Remote)");
    static final long UNBIND = MethodHash.of("unbind(java.lang.String)");
    static final long REBIND = MethodHash.of("rebind(java.lang.String,java.rmi.Remote)");
    static final long LIST = MethodHash.of("list()");

    RegistryStub(ClientRef ref) {
        super(ref);
    }

    /** The registry's refusal travels as itself (as the Registry interface documents), not wrapped. */
    private static RemoteException unwrap(RemoteException e) {
        return e instanceof java.rmi.ServerException && e.getCause() instanceof AccessException a ? a : e;
    }

    @Override
    public Remote lookup(String name) throws RemoteException, NotBoundException, AccessException {
        RemoteCall call = ref.newCall(LOOKUP);
        try {
            call.arguments().writeObject(name);
        } catch (IOException | RuntimeException e) {
            throw call.marshalFailed(e);
        }
        try {
            return (Remote) call.invokeObject();
        } catch (RuntimeException | RemoteException | NotBoundException e) {
            throw e;
        } catch (Exception e) {
            throw new UnexpectedException("undeclared checked exception", e);
        }
    }

    @Override
    public void bind(String name, Remote obj) throws RemoteException, AlreadyBoundException, AccessException {
        RemoteCall call = ref.newCall(BIND);
        try {
            SerialOutput out = call.arguments();
            out.writeObject(name);
            out.writeObject(obj);
        } catch (IOException | RuntimeException e) {
            throw call.marshalFailed(e);
        }
        try {
            call.invokeVoid();
        } catch (RemoteException e) {
            throw unwrap(e);
        } catch (RuntimeException | AlreadyBoundException e) {
            throw e;
        } catch (Exception e) {
            throw new UnexpectedException("undeclared checked exception", e);
        }
    }

    @Override
    public void unbind(String name) throws RemoteException, NotBoundException, AccessException {
        RemoteCall call = ref.newCall(UNBIND);
        try {
            call.arguments().writeObject(name);
        } catch (IOException | RuntimeException e) {
            throw call.marshalFailed(e);
        }
        try {
            call.invokeVoid();
        } catch (RemoteException e) {
            throw unwrap(e);
        } catch (RuntimeException | NotBoundException e) {
            throw e;
        } catch (Exception e) {
            throw new UnexpectedException("undeclared checked exception", e);
        }
    }

    @Override
    public void rebind(String name, Remote obj) throws RemoteException, AccessException {
        RemoteCall call = ref.newCall(REBIND);
        try {
            SerialOutput out = call.arguments();
            out.writeObject(name);
            out.writeObject(obj);
        } catch (IOException | RuntimeException e) {
            throw call.marshalFailed(e);
        }
        try {
            call.invokeVoid();
        } catch (RemoteException e) {
            throw unwrap(e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new UnexpectedException("undeclared checked exception", e);
        }
    }

    @Override
    public String[] list() throws RemoteException, AccessException {
        RemoteCall call = ref.newCall(LIST);
        try {
            return (String[]) call.invokeObject();
        } catch (RuntimeException | RemoteException e) {
            throw e;
        } catch (Exception e) {
            throw new UnexpectedException("undeclared checked exception", e);
        }
    }
}
