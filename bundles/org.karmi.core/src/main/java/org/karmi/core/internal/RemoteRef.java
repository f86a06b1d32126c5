package org.karmi.core.internal;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;

import org.karmi.spi.ref.ClientRef;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.ref.RemoteCall;
import org.karmi.spi.ref.StubReference;
import org.karmi.spi.transport.Utid;

/**
 * The {@link ClientRef} of one stub: the remote object's id, its interface names (passed on
 * unchanged when the reference travels on), the owner's UTIDs (all of them, unknown
 * technologies included) and the route chosen to reach it, cached until the node's
 * technologies change. A reference to an object of this node ({@code utids == null}) takes
 * the local short-cut and advertises the UTIDs of the endpoint its export asked for
 * ({@link ExportedObjects#advertisedUtids}). The endpoint request also keeps a client socket
 * factory given for a registry by host and port (its UTID carries the factory).
 * Thread-safe.
 */
final class RemoteRef implements ClientRef {

    private final CallFactory calls;
    private final ObjectId id;
    /** The collector that governs this reference ({@code docs/DGC.md}); empty for none or a local object. */
    final String collector;
    private final String[] interfaceNames;
    private final List<Utid> utids;
    /** What the export (or the registry reference) asked for: port and socket factories. */
    final ExportRequest endpoint;
    /** Resolves the result classes of calls through this reference. */
    final ClassLoader loader;
    /** The interfaces a stub made for plain interfaces declares ({@link KarmiNode#stubFor}); else {@code null}: resolved from the names. */
    private final List<Class<?>> declared;
    /** The result filter, made on the first call (from the interfaces visible to the loader) and the allow-list it used. */
    private volatile CallFilter filter;
    private volatile AllowList filterAllow;
    /** The route of the last call; replaced when the technology generation changes. */
    volatile Route route;

    RemoteRef(CallFactory calls, ObjectId id, String[] interfaceNames, List<Utid> utids, ClassLoader loader,
            ExportRequest endpoint, String collector) {
        this(calls, id, interfaceNames, utids, loader, endpoint, collector, null);
    }

    /** A reference whose result filter allows what {@code declared} declares (interfaces that need not extend Remote). */
    RemoteRef(CallFactory calls, ObjectId id, String[] interfaceNames, List<Utid> utids, ClassLoader loader,
            ExportRequest endpoint, String collector, List<Class<?>> declared) {
        this.declared = declared == null ? null : List.copyOf(declared);
        this.calls = calls;
        this.collector = collector == null ? "" : collector;
        this.id = id;
        this.interfaceNames = interfaceNames;
        this.utids = utids == null ? null : List.copyOf(utids);
        this.loader = loader;
        this.endpoint = endpoint;
    }

    /** The client side of the node this reference belongs to. */
    CallFactory calls() {
        return calls;
    }

    @Override
    public ObjectId objectId() {
        return id;
    }

    String[] interfaceNames() {
        return interfaceNames;
    }

    /** Whether calls take the local short-cut. */
    boolean isLocal() {
        return utids == null || id.nodeId() == calls.nodeId();
    }

    /** The UTIDs written when this reference is passed on. */
    List<Utid> utidsForWriting() {
        return utids == null ? calls.advertisedUtids(endpoint) : utids;
    }

    List<Utid> utids() {
        return utids;
    }

    /** Allows the types the stub's interfaces declare (and the user's allow-list) in results. */
    CallFilter filter() {
        CallFilter f = filter;
        AllowList allow = calls.config().allow;
        if (f == null || filterAllow != allow) {
            f = CallFilter.of(declared != null ? declared : calls.resolve(interfaceNames, loader), allow);
            filter = f;
            filterAllow = allow;
        }
        return f;
    }

    @Override
    public RemoteCall newCall(long methodHash) throws RemoteException {
        if (isLocal()) {
            return calls.localCall(this, methodHash);
        }
        return calls.connectionCall(this, methodHash);
    }

    @Override
    public StubReference serialForm(Remote stub) {
        return new StubReference(id, interfaceNames, utidsForWriting(), false, stub);
    }

    /** The serialized form of a proxy stub's invocation handler over this reference. */
    StubReference handlerForm() {
        return new StubReference(id, interfaceNames, utidsForWriting(), true, null);
    }

    @Override
    public String toString() {
        return id + (utids == null ? " (local)" : " at " + utids);
    }
}
