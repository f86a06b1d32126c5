package org.karmi.core.internal;

import java.rmi.AccessException;
import java.rmi.AlreadyBoundException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Map;
import java.util.Objects;

import org.karmi.spi.ref.ObjectId;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.registry.Registry;

/**
 * A registry: names bound to remote objects (stubs). The node's own one is exported under
 * the well-known object number 0; those made by {@code createRegistry(port)} are exported as
 * ordinary objects and answer at number 0 for their port ({@link Registries}).
 * {@code bind}, {@code rebind} and {@code unbind} are refused with
 * {@link AccessException} unless the caller runs on this host (or remote writes are
 * configured); {@code lookup} and {@code list} answer anyone. Thread-safe.
 */
final class RegistryImpl implements Registry {

    private final ExportedObjects node;
    private final Map<String, Remote> bindings = new ConcurrentHashMap<>();

    RegistryImpl(ExportedObjects node) {
        this.node = node;
    }

    @Override
    public Remote lookup(String name) throws NotBoundException {
        Remote r = bindings.get(Objects.requireNonNull(name, "name"));
        if (r == null) {
            throw new NotBoundException(name);
        }
        return r;
    }

    @Override
    public void bind(String name, Remote obj) throws AlreadyBoundException, AccessException, RemoteException {
        checkWrite("bind", name);
        Objects.requireNonNull(obj, "obj");
        if (bindings.putIfAbsent(name, stubOf(obj)) != null) {
            throw new AlreadyBoundException(name);
        }
    }

    @Override
    public void unbind(String name) throws NotBoundException, AccessException {
        checkWrite("unbind", name);
        Remote old = bindings.remove(name);
        if (old == null) {
            throw new NotBoundException(name);
        }
        released(old);
    }

    @Override
    public void rebind(String name, Remote obj) throws AccessException, RemoteException {
        checkWrite("rebind", name);
        Objects.requireNonNull(obj, "obj");
        Remote old = bindings.put(name, stubOf(obj));
        if (old != null) {
            released(old);
        }
    }

    /** Whether a name is bound to the object {@code id}. */
    boolean binds(ObjectId id) {
        for (Remote r : bindings.values()) {
            RemoteRef ref = StubFactory.refOf(r);
            if (ref != null && ref.objectId().equals(id)) {
                return true;
            }
        }
        return false;
    }

    /** A binding was removed: an object of this node it named may now be unreferenced. */
    private void released(Remote old) {
        RemoteRef ref = StubFactory.refOf(old);
        if (ref != null && ref.objectId().nodeId() == node.nodeId() && !binds(ref.objectId())) {
            node.unbound(ref.objectId());
        }
    }

    @Override
    public String[] list() {
        return bindings.keySet().stream().sorted().toArray(String[]::new);
    }

    /**
     * What a binding keeps: the stub of an exported object, a stub as it is, and any other
     * {@code Remote} as it was given (as {@code java.rmi}'s registry keeps it: a lookup then
     * passes it by value).
     */
    private Remote stubOf(Remote obj) {
        if (StubFactory.refOf(obj) != null) {
            return obj;
        }
        try {
            return node.toStub(obj);
        } catch (NoSuchObjectException e) {
            return obj;
        }
    }

    private void checkWrite(String op, String name) throws AccessException {
        Objects.requireNonNull(name, "name");
        if (!node.callerOnLocalHost()) {
            throw new AccessException("Registry." + op + " disallowed; origin is non-local host (node "
                    + Long.toHexString(node.currentCallerNode()) + ")");
        }
    }
}
