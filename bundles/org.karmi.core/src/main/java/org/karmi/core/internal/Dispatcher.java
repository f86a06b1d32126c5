package org.karmi.core.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.rmi.Remote;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.karmi.spi.ref.Skeleton;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.LogLimiter;
import org.karmi.spi.transport.SerialFormat;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.WireBuffer;

/**
 * The server side of the reference layer: receives calls from the technologies, finds the
 * exported object and the skeleton method, runs the call and writes the reply
 * ({@code docs/PROTOCOL.md}, section 5). Calls run on the technology's connection thread,
 * or, with {@code dispatch.threads > 0}, on a bounded pool that hands a call back to the
 * connection thread when every pool thread is busy (so a blocked call never queues another,
 * and a call-back never waits for a pool thread). Thread-safe; one connection's calls
 * never overlap (the technology delivers one at a time).
 */
final class Dispatcher implements InboundHandler {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");
    /** Failures a peer can cause (garbage, dying mid-reply): at most one WARNING line per 10 s, with a count. */
    private final LogLimiter peerFailures = new LogLimiter(LOG, Level.WARNING, 10_000);

    private final ExportedObjects exports;
    private final CollectorHub collectors;
    private final StreamPair.Factory newStreams;
    private final Serializers serializers;
    private final long nodeId;
    /** {@code null}: calls run on the technology's thread. Replaced when the number of threads changes. */
    private volatile ThreadPoolExecutor pool;

    Dispatcher(long nodeId, ExportedObjects exports, CollectorHub collectors, Serializers serializers,
            StreamPair.Factory newStreams,
            int threads) {
        this.exports = exports;
        this.collectors = collectors;
        this.newStreams = newStreams;
        this.serializers = serializers;
        this.nodeId = nodeId;
        this.pool = threads > 0 ? newPool(threads) : null;
    }

    private ThreadPoolExecutor newPool(int threads) {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor p = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
                new SynchronousQueue<>(), r -> {
                    Thread t = new Thread(r, "karmi-dispatch-" + Long.toHexString(nodeId) + "-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.CallerRunsPolicy());
        p.allowCoreThreadTimeOut(true);
        return p;
    }

    /** Changes the number of dispatch threads for the calls that arrive from now on (0: the technology's threads). */
    synchronized void resize(int threads) {
        ThreadPoolExecutor p = pool;
        if (threads == 0) {
            pool = null;
            if (p != null) {
                p.shutdown(); // calls running on it finish
            }
        } else if (p == null) {
            pool = newPool(threads);
        } else if (p.getMaximumPoolSize() != threads) {
            if (threads > p.getMaximumPoolSize()) {
                p.setMaximumPoolSize(threads);
                p.setCorePoolSize(threads);
            } else {
                p.setCorePoolSize(threads);
                p.setMaximumPoolSize(threads);
            }
        }
    }

    synchronized void shutdown() {
        ThreadPoolExecutor p = pool;
        if (p != null) {
            p.shutdownNow();
        }
    }

    @Override
    public void onCall(ServerConnection connection) {
        try {
            WireBuffer request = connection.request();
            if (request.remaining() < CallPayload.CALL_HEADER_LENGTH) {
                peerFailures.log("closing connection from node " + Long.toHexString(connection.remoteNodeId()) + " ("
                        + connection.technology().name() + "): malformed call of " + request.remaining() + " bytes");
                connection.close();
                return;
            }
            ThreadPoolExecutor p = pool;
            if (WireBuffer.getLong(request.array, request.position + CallPayload.OBJECT_NUMBER_OFFSET)
                    == ObjectTable.COLLECTOR_NUMBER) {
                answerCollector(connection);
            } else if (p == null) {
                serve(connection);
            } else {
                try {
                    p.execute(() -> serve(connection));
                } catch (RejectedExecutionException e) {
                    serve(connection);
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "closing connection after a failure in the reference layer", e);
            connection.close();
        }
    }

    private void serve(ServerConnection connection) {
        try {
            StreamPair streams = streamsOf(connection);
            WireBuffer request = connection.request();
            int p = request.position;
            long objectNode = WireBuffer.getLong(request.array, p + CallPayload.OBJECT_NODE_OFFSET);
            long objectNumber = WireBuffer.getLong(request.array, p + CallPayload.OBJECT_NUMBER_OFFSET);
            long hash = WireBuffer.getLong(request.array, p + CallPayload.METHOD_HASH_OFFSET);
            request.position = p + CallPayload.CALL_HEADER_LENGTH;
            WireBuffer reply = connection.reply();
            invoke(objectNode, objectNumber, hash, request, reply, streams, connection.remoteNodeId(), connection);
            connection.sendReply();
            if (!serializers.installed(streams.serializer)) {
                connection.retire(); // its serializer was withdrawn: the client moves to a new connection
            }
        } catch (IOException | RuntimeException e) {
            // a peer that dies mid-reply or sends garbage must not flood the log: one line per interval, trace at DEBUG
            peerFailures.log("closing connection from node " + Long.toHexString(connection.remoteNodeId()) + ": " + e);
            LOG.log(Level.DEBUG, "closing connection from node " + Long.toHexString(connection.remoteNodeId()), e);
            connection.close();
        }
    }

    /** A collector's request: answered at once on the technology's thread (collectors never block there). */
    private void answerCollector(ServerConnection connection) {
        try {
            WireBuffer request = connection.request();
            request.position += CallPayload.CALL_HEADER_LENGTH;
            String name = CallPayload.readCollectorName(request);
            collectors.onRequest(name, connection.remoteNodeId(), request, connection.reply());
            connection.sendReply();
        } catch (IOException | RuntimeException e) {
            peerFailures.log("closing connection from node " + Long.toHexString(connection.remoteNodeId())
                    + ": malformed collector request: " + e);
            connection.close();
        }
    }

    /** The connection's streams, opened at its first call with the serializer its handshake agreed. */
    private StreamPair streamsOf(ServerConnection connection) throws IOException {
        Object a = connection.attachment();
        if (a instanceof StreamPair s) {
            return s;
        }
        Handshake answer = connection.localHandshake();
        SerialFormat agreed = answer != null ? answer.serializers().get(0)
                : serializers.firstCommon(connection.remoteHandshake().serializers());
        if (agreed == null) {
            throw new IOException("no serializer in common with node " + Long.toHexString(connection.remoteNodeId()));
        }
        StreamPair s = newStreams.open(serializers.of(agreed));
        connection.attach(s);
        return s;
    }

    /**
     * Runs one call and writes its reply at {@code reply.position}: a normal or exception
     * reply, or a failure reply if the object or method is unknown or (un)marshalling failed.
     *
     * @param caller the connection the call came over, or {@code null} for a local call
     */
    void invoke(long objectNode, long objectNumber, long hash, WireBuffer request, WireBuffer reply,
            StreamPair streams, long callerNode, ServerConnection caller) {
        int replyStart = reply.position;
        Exported e = exports.exportedFor(objectNode, objectNumber, caller);
        if (e == null) {
            CallPayload.writeFailure(reply, CallPayload.FAILURE_NO_SUCH_OBJECT,
                    "no such object in table: " + Long.toHexString(objectNode) + "/" + objectNumber);
            return;
        }
        int slot = e.methods.slot(hash);
        if (slot < 0) {
            CallPayload.writeFailure(reply, CallPayload.FAILURE_NO_SUCH_METHOD,
                    "no method with hash " + Long.toHexString(hash) + " in " + e.interfaces);
            return;
        }
        Remote target = e.object();
        if (target == null) {
            CallPayload.writeFailure(reply, CallPayload.FAILURE_NO_SUCH_OBJECT, "object collected: " + e.id);
            return;
        }
        e.inFlight.incrementAndGet();
        IncomingCall call = streams.incoming;
        Object previousCaller = CurrentCall.enter(caller);
        try {
            if (e.unexported) {
                CallPayload.writeFailure(reply, CallPayload.FAILURE_NO_SUCH_OBJECT, "object unexported: " + e.id);
                return;
            }
            call.reset(reply);
            streams.codec.prepare(e.loader, callerNode, caller == null ? null : caller.technology().name(),
                    caller == null ? null : caller.remoteHandshake().utids());
            Skeleton skeleton = e.methods.skeleton(slot);
            try {
                streams.in.begin(request, e.loader, e.filter());
                skeleton.dispatch(e.methods.number(slot), target, call);
                if (!call.resultStarted) {
                    reply.writeByte(CallPayload.STATUS_RETURN);
                } else {
                    streams.out.finish();
                }
                streams.resetObjects();
            } catch (Throwable t) {
                reply.position = replyStart;
                if (!call.argumentsRead) {
                    streams.resetAll();
                    CallPayload.writeFailure(reply, CallPayload.FAILURE_UNMARSHAL_ARGUMENTS, String.valueOf(t));
                } else if (call.resultStarted) {
                    streams.resetAll();
                    CallPayload.writeFailure(reply, CallPayload.FAILURE_MARSHAL_RESULT, String.valueOf(t));
                } else {
                    writeException(t, reply, replyStart, streams);
                }
            }
        } finally {
            CurrentCall.leave(previousCaller);
            e.inFlight.decrementAndGet();
        }
    }

    private static void writeException(Throwable t, WireBuffer reply, int replyStart, StreamPair streams) {
        try {
            reply.writeByte(CallPayload.STATUS_EXCEPTION);
            streams.out.begin(reply);
            streams.out.writeLastObject(t);
            streams.out.finish();
            streams.resetObjects();
        } catch (IOException | RuntimeException x) {
            reply.position = replyStart;
            streams.resetAll();
            CallPayload.writeFailure(reply, CallPayload.FAILURE_MARSHAL_RESULT,
                    "the method threw " + t + ", which could not be marshalled: " + x);
        }
    }

    @Override
    public void onOneWay(ServerConnection connection, WireBuffer message) {
        try {
            byte kind = message.readByte();
            if (kind != CallPayload.ONE_WAY_COLLECTOR) {
                throw new java.io.StreamCorruptedException("unknown one-way kind " + kind);
            }
            String name = CallPayload.readCollectorName(message);
            collectors.onMessage(name, connection.remoteNodeId(), message);
        } catch (IOException | RuntimeException e) {
            peerFailures.log("closing connection from node " + Long.toHexString(connection.remoteNodeId())
                    + ": malformed one-way message: " + e);
            connection.close();
        }
    }

    @Override
    public void onPeerDied(long nodeId) {
        collectors.peerFailed(nodeId);
    }

    @Override
    public void onClosed(ServerConnection connection) {
        connection.attach(null);
    }
}
