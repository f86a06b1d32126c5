package org.karmi.spi.ref;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectStreamException;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.List;

import org.karmi.Karmi;
import org.karmi.RemoteRuntime;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.Utid;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The serialized form of a KaRMI stub outside KaRMI's own call streams: what a stub writes
 * in its place ({@code writeReplace}) when a plain {@link java.io.ObjectOutputStream} or a
 * {@link java.rmi.MarshalledObject} serializes it. It carries the remote reference (object id,
 * interface names, UTIDs, the same facts as the reference layer's wire form) and, read back
 * in any KaRMI JVM, resolves ({@code readResolve}) to a stub through the default runtime
 * ({@link Karmi#runtime()}), which must implement {@link Resolver}.
 *
 * <p>It implements {@link Remote} only so that serializers which replace remote objects after
 * {@code writeReplace} (the {@code jdk} serializer does) still send it by reference through
 * the reference layer; {@link #origin()} gives the stub it was written for. The reference
 * layer also writes one for the invocation handler of a dynamic-proxy stub
 * ({@link #handler()}), which then resolves to a handler instead of a stub.
 *
 * <p>Immutable (the origin is transient) and thread-safe.
 *
 * @since 1.1
 */
public final class StubReference implements Remote, Serializable {

    private static final long serialVersionUID = 1L;

    /** Most interface names one reference carries (as the reference layer's wire form). */
    public static final int MAX_INTERFACES = 64;

    private final long nodeId;
    private final long number;
    private final String[] interfaces;
    private final String[] technologies;
    private final byte[][] addresses;
    private final boolean handler;
    private final transient Remote origin;

    /**
     * @param id         the remote object's id
     * @param interfaces binary names of its remote interfaces (at most {@value #MAX_INTERFACES})
     * @param utids      where its node can be reached (at most {@link Handshake#MAX_UTIDS})
     * @param handler    whether it stands for the invocation handler of a proxy stub rather
     *                   than for the stub
     * @param origin     the stub (or proxy) it was written for, or {@code null}
     */
    public StubReference(ObjectId id, String[] interfaces, List<Utid> utids, boolean handler, Remote origin) {
        if (interfaces.length > MAX_INTERFACES || utids.size() > Handshake.MAX_UTIDS) {
            throw new IllegalArgumentException("too many interfaces or UTIDs: " + interfaces.length + ", " + utids.size());
        }
        this.nodeId = id.nodeId();
        this.number = id.number();
        this.interfaces = interfaces.clone();
        this.technologies = new String[utids.size()];
        this.addresses = new byte[utids.size()][];
        for (int i = 0; i < technologies.length; i++) {
            technologies[i] = utids.get(i).technology();
            addresses[i] = utids.get(i).address();
        }
        this.handler = handler;
        this.origin = origin;
    }

    /** The remote object's id. */
    public ObjectId objectId() {
        return new ObjectId(nodeId, number);
    }

    /** A copy of the binary names of the remote interfaces. */
    public String[] interfaceNames() {
        return interfaces.clone();
    }

    /** The UTIDs of the remote object's node. */
    public List<Utid> utids() {
        List<Utid> out = new ArrayList<>(technologies.length);
        for (int i = 0; i < technologies.length; i++) {
            out.add(new Utid(technologies[i], addresses[i]));
        }
        return out;
    }

    /** Whether this stands for a proxy stub's invocation handler. */
    public boolean handler() {
        return handler;
    }

    /** The stub this was written for; {@code null} once serialized and read back. */
    public Remote origin() {
        return origin;
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        if (interfaces == null || technologies == null || addresses == null
                || interfaces.length > MAX_INTERFACES || technologies.length > Handshake.MAX_UTIDS
                || addresses.length != technologies.length) {
            throw new InvalidObjectException("malformed stub reference");
        }
        for (String i : interfaces) {
            if (i == null) {
                throw new InvalidObjectException("malformed stub reference: null interface name");
            }
        }
        try {
            utids();
        } catch (RuntimeException e) {
            InvalidObjectException x = new InvalidObjectException("malformed stub reference: " + e.getMessage());
            x.initCause(e);
            throw x;
        }
    }

    private Object readResolve() throws ObjectStreamException {
        RemoteRuntime runtime;
        try {
            runtime = Karmi.runtime();
        } catch (RemoteException e) {
            InvalidObjectException x = new InvalidObjectException("cannot read a KaRMI stub: " + e.getMessage());
            x.initCause(e);
            throw x;
        }
        if (!(runtime instanceof Resolver r)) {
            throw new InvalidObjectException("cannot read a KaRMI stub: the runtime " + runtime.getClass().getName()
                    + " does not resolve stub references");
        }
        return r.resolve(this);
    }

    @Override
    public String toString() {
        return "StubReference[" + objectId() + ", " + String.join(",", interfaces) + (handler ? ", handler" : "") + "]";
    }

    /**
     * Turns a stub reference read back from a stream into a live stub: implemented by the
     * reference layer's runtime. Thread-safe.
     */
    @ProviderType
    public interface Resolver {

        /**
         * The stub for {@code reference} (the existing one if this runtime has one for that
         * object, the object itself never), or, if {@link StubReference#handler()}, an
         * invocation handler of a proxy stub for it. Interface names are resolved through the
         * thread's context class loader.
         *
         * @throws ObjectStreamException if no stub can be made
         */
        Object resolve(StubReference reference) throws ObjectStreamException;
    }
}
