package org.karmi.core.internal;

import java.io.IOException;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.util.List;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * The client side of calls: starts a call for a {@link RemoteRef}, over the preferred
 * technology that reaches the object's node ({@link ConnectionCall}) or, for an object of
 * this node, through the local short-cut ({@link LocalCall}, which runs the server side's
 * {@link Dispatcher} on the caller's thread). Also what a reference needs to know of its
 * node. Thread-safe.
 */
final class CallFactory {

    /** Bound on the pooled connections one call retires because their serializer was withdrawn. */
    private static final int MAX_RETIRED_PER_CALL = 64;

    private final long nodeId;
    private final NodeSettings settings;
    private final Serializers serializers;
    private final Technologies technologies;
    /** The server side, for the local short-cut; set once by {@link #serveLocallyWith} before any call. */
    private volatile ExportedObjects exports;
    private volatile Dispatcher dispatcher;
    private final InterfaceNames interfaces;
    private final StreamPair.Factory newStreams;
    private final ThreadLocal<LocalStreams> localStreams;
    private volatile boolean closed;

    CallFactory(long nodeId, NodeSettings settings, Serializers serializers, Technologies technologies,
            InterfaceNames interfaces, StreamPair.Factory newStreams) {
        this.nodeId = nodeId;
        this.settings = settings;
        this.serializers = serializers;
        this.technologies = technologies;
        this.interfaces = interfaces;
        this.newStreams = newStreams;
        this.localStreams = ThreadLocal.withInitial(this::newLocalStreams);
    }

    /**
     * Connects the server side the local short-cut runs (built after this factory, because
     * the stubs of its objects, the registry's among them, are references made here).
     */
    void serveLocallyWith(ExportedObjects localObjects, Dispatcher localDispatcher) {
        this.exports = localObjects;
        this.dispatcher = localDispatcher;
    }

    private LocalStreams newLocalStreams() {
        Serializer preferred = serializers.preferred();
        return new LocalStreams(newStreams.open(preferred), newStreams.open(preferred));
    }

    long nodeId() {
        return nodeId;
    }

    NodeConfig config() {
        return settings.get();
    }

    Technologies technologies() {
        return technologies;
    }

    /** What a reference to an object of this node advertises. */
    List<Utid> advertisedUtids(ExportRequest request) {
        return exports.advertisedUtids(request);
    }

    List<Class<?>> resolve(String[] names, ClassLoader loader) {
        return interfaces.resolve(names, loader);
    }

    void close() {
        closed = true;
    }

    /** Starts a call through the local short-cut. */
    LocalCall localCall(RemoteRef ref, long methodHash) throws RemoteException {
        LocalStreams s = localStreams.get();
        if (s.busy) {
            s = newLocalStreams();
        } else if (!serializers.installed(s.caller.serializer)) {
            s = newLocalStreams(); // the serializer was withdrawn: this thread's streams follow the preferred one
            localStreams.set(s);
        }
        s.acquire();
        try {
            s.caller.codec.prepare(ref.loader, nodeId, null, null);
            s.caller.out.begin(s.request);
        } catch (IOException | RuntimeException e) {
            s.caller.resetAll();
            s.release();
            throw new MarshalException("error starting a local call: " + e, e);
        }
        return new LocalCall(dispatcher, nodeId, ref, methodHash, s);
    }

    /** Starts a call over the preferred technology that reaches the reference's node. */
    ConnectionCall connectionCall(RemoteRef ref, long methodHash) throws RemoteException {
        if (closed) {
            throw new java.rmi.ConnectException("node " + Long.toHexString(nodeId) + " is closed");
        }
        Route route = ref.route;
        boolean fresh = false;
        if (route == null || route.generation != technologies.generation()) {
            route = technologies.choose(ref.objectId().nodeId(), ref.utids());
            ref.route = route;
            fresh = true;
        }
        Connection c;
        for (int retired = 0; ; retired++) {
            try {
                c = route.technology.acquire(route.utid, settings.get().connectTimeoutMillis);
            } catch (IOException | RuntimeException e) {
                ref.route = null;
                technologies.forget(ref.objectId().nodeId(), route);
                throw Failures.connectFailed(ref, e instanceof IOException io ? io : new IOException(e.toString(), e));
            }
            // a connection whose serializer was withdrawn is retired before it carries another call
            // (nothing was sent on it, so nothing is lost); past the bound the old serializer still works
            if (retired < MAX_RETIRED_PER_CALL && c.attachment() instanceof StreamPair p
                    && !serializers.installed(p.serializer)) {
                c.discard();
                continue;
            }
            break;
        }
        if (fresh) {
            technologies.learn(c.remoteNodeId(), route);
        }
        StreamPair streams;
        try {
            streams = streamsOf(c);
            WireBuffer request = c.request();
            ObjectId id = ref.objectId();
            CallPayload.writeCallHeader(request, id.nodeId(), id.number(), methodHash);
            streams.codec.prepare(ref.loader, c.remoteNodeId(), c.technology().name(), c.remoteHandshake().utids());
            streams.out.begin(request);
        } catch (IOException | RuntimeException e) {
            c.discard();
            throw Failures.marshalFailed(e);
        }
        return new ConnectionCall(settings.get().callTimeoutMillis, technologies, ref, route, c, streams);
    }

    /** The connection's streams, opened at its first call with the serializer its handshake agreed. */
    private StreamPair streamsOf(Connection c) throws IOException {
        if (c.attachment() instanceof StreamPair p) {
            return p;
        }
        StreamPair p = newStreams.open(serializers.of(c.remoteHandshake().serializers().get(0)));
        c.attach(p);
        return p;
    }
}
