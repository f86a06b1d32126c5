package org.karmi.spi.ref;

import java.io.ObjectStreamException;
import java.lang.reflect.Proxy;
import java.util.Objects;

import org.karmi.server.RemoteObject;

/**
 * Base class of generated stubs: holds the {@link ClientRef} and gives the stub the
 * identity of the remote object it addresses (two stubs are equal when they address the
 * same object id; a stub also equals the exported object itself if that extends
 * {@link RemoteObject}), as
 * {@code java.rmi.server.RemoteStub} does for JDK stubs. A stub is {@link java.io.Serializable}:
 * outside KaRMI's call streams it is written as a {@link StubReference}, which reads back as a
 * stub in any KaRMI JVM.
 *
 * <p>Immutable and thread-safe; calls through one stub may run concurrently.
 */
public abstract class RemoteStub extends RemoteObject {

    private static final long serialVersionUID = 1L;

    /** The reference every call of this stub goes through. */
    protected final transient ClientRef ref;

    /** @param ref the reference to the remote object (not null) */
    protected RemoteStub(ClientRef ref) {
        this.ref = Objects.requireNonNull(ref, "ref");
    }

    /** The reference this stub calls through (named to stay clear of remote methods). */
    public final ClientRef karmiRef() {
        return ref;
    }

    /**
     * Whether {@code o} is a stub of the same remote object: another stub (generated or proxy)
     * with the same object id. As with {@code java.rmi}, the exported object itself is not
     * equal to its stubs (their hash codes agree).
     */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (o instanceof RemoteStub s) {
            return s.ref.objectId().equals(ref.objectId());
        }
        return o != null && Proxy.isProxyClass(o.getClass()) && o.equals(this);
    }

    @Override
    public int hashCode() {
        return ref.objectId().hashCode();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + ref + "]";
    }

    /** Writes this stub as its {@link StubReference} (since 1.1). */
    @Override
    protected Object writeReplace() throws ObjectStreamException {
        return ref.serialForm(this);
    }
}
