package org.karmi.spi.ref;

import java.rmi.Remote;
import java.util.Objects;

/**
 * Base class of generated stubs: holds the {@link ClientRef} and gives the stub the
 * identity of the remote object it addresses (two stubs are equal when they address the
 * same object id), as {@code java.rmi.server.RemoteObject} does for JDK stubs.
 *
 * <p>Immutable and thread-safe; calls through one stub may run concurrently.
 */
public abstract class RemoteStub implements Remote {

    /** The reference every call of this stub goes through. */
    protected final ClientRef ref;

    /** @param ref the reference to the remote object (not null) */
    protected RemoteStub(ClientRef ref) {
        this.ref = Objects.requireNonNull(ref, "ref");
    }

    /** The reference this stub calls through (named to stay clear of remote methods). */
    public final ClientRef karmiRef() {
        return ref;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RemoteStub s && s.ref.objectId().equals(ref.objectId());
    }

    @Override
    public int hashCode() {
        return ref.objectId().hashCode();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + ref + "]";
    }
}
