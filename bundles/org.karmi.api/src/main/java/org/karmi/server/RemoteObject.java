package org.karmi.server;

import java.io.ObjectStreamException;
import java.io.Serializable;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;

import org.karmi.Karmi;
import org.karmi.RemoteRuntime;
import org.karmi.spi.ref.RemoteStub;

/**
 * Drop-in replacement for {@link java.rmi.server.RemoteObject}: gives a remote object the
 * identity of the remote object it stands for. A KaRMI stub is one (generated stubs extend
 * {@link RemoteStub}, which extends this class); so is an exported object of a subclass such
 * as {@link UnicastRemoteObject}: while exported (and after an unexport, as with
 * {@code java.rmi}) it has the {@linkplain #hashCode hash code} of its stubs, but
 * {@linkplain #equals equals} only itself, as in {@code java.rmi}; before it is first
 * exported it has only its own identity.
 *
 * <p>Serialized by a plain {@link java.io.ObjectOutputStream} (or inside a
 * {@link java.rmi.MarshalledObject}), an exported object is replaced by its stub, as
 * {@code java.rmi}'s marshal streams replace it; one that is not exported is written by
 * value.
 *
 * <p>An object knows its stub when it was exported through {@link UnicastRemoteObject} or
 * through the default runtime ({@link Karmi#current()}); one exported only through another
 * {@link RemoteRuntime} keeps its own identity. Thread-safe.
 */
public abstract class RemoteObject implements Remote, Serializable {

    private static final long serialVersionUID = 1L;

    /** The stub this object was last exported as (its identity), or {@code null}. */
    private transient volatile Remote stub;

    /** Creates a remote object that is not exported yet. */
    protected RemoteObject() {
    }

    /**
     * The stub of {@code obj}: {@code obj} itself if it is a stub, else the stub it is
     * exported as, as {@link java.rmi.server.RemoteObject#toStub} returns it.
     *
     * @throws NoSuchObjectException if {@code obj} is neither a stub nor exported
     */
    public static Remote toStub(Remote obj) throws NoSuchObjectException {
        if (obj instanceof RemoteStub) {
            return obj;
        }
        RemoteRuntime runtime = Karmi.current();
        if (runtime == null) {
            throw new NoSuchObjectException("object not exported");
        }
        return runtime.toStub(obj);
    }

    /** Remembers the stub {@code obj} was exported as (called by the export facade). */
    static void exportedAs(Remote obj, Remote stub) {
        if (obj instanceof RemoteObject o && !(obj instanceof RemoteStub)) {
            o.stub = stub;
        }
    }

    /** The stub that gives this object its identity, or {@code null} if it has none. */
    private Remote identity() {
        Remote s = stub;
        if (s == null) {
            RemoteRuntime runtime = Karmi.current();
            if (runtime != null) {
                try {
                    s = runtime.toStub(this);
                    stub = s;
                } catch (NoSuchObjectException e) {
                    return null;
                }
            }
        }
        return s;
    }

    /**
     * The hash code of the remote object: that of its stubs once exported, else this object's
     * identity hash code.
     */
    @Override
    public int hashCode() {
        Remote s = identity();
        return s == null ? super.hashCode() : s.hashCode();
    }

    /**
     * Whether {@code obj} is this object. As with {@code java.rmi}, an exported object is not
     * equal to its stubs (stubs of one object are equal among themselves), though its
     * {@linkplain #hashCode hash code} is theirs.
     */
    @Override
    public boolean equals(Object obj) {
        return obj == this;
    }

    /** The class name without its package, and the remote reference once exported. */
    @Override
    public String toString() {
        String name = getClass().getName();
        name = name.substring(name.lastIndexOf('.') + 1);
        Remote s = identity();
        if (s == null) {
            return name;
        }
        return name + "[" + (s instanceof RemoteStub r ? String.valueOf(r.karmiRef()) : s.toString()) + "]";
    }

    /**
     * While exported through the default runtime, this object is written as its stub;
     * otherwise as itself (by value).
     */
    protected Object writeReplace() throws ObjectStreamException {
        RemoteRuntime runtime = Karmi.current();
        if (runtime != null) {
            try {
                return runtime.toStub(this);
            } catch (NoSuchObjectException e) {
                // not exported: by value
            }
        }
        return this;
    }
}
