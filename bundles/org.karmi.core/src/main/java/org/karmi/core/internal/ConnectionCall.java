package org.karmi.core.internal;

import java.io.IOException;

import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.WireBuffer;

/**
 * A call over a technology connection: the request buffer is the connection's, the streams
 * are the connection's {@link StreamPair}; the connection goes back to its pool after a
 * clean call and is discarded after any doubt. Belongs to the calling thread.
 */
final class ConnectionCall extends OutgoingCall {

    private final long timeoutMillis;
    private final Technologies technologies;
    private final RemoteRef ref;
    private final Route route;
    private final Connection connection;
    private final StreamPair streams;
    private boolean done;

    ConnectionCall(long timeoutMillis, Technologies technologies, RemoteRef ref, Route route, Connection connection,
            StreamPair streams) {
        super(streams.out, streams.in, ref);
        this.timeoutMillis = timeoutMillis;
        this.technologies = technologies;
        this.ref = ref;
        this.route = route;
        this.connection = connection;
        this.streams = streams;
    }

    @Override
    WireBuffer exchange() throws Exception {
        long timeout = timeoutMillis;
        try {
            return connection.call(timeout);
        } catch (IOException e) {
            abandon();
            throw Failures.callFailed(ref, timeout, e);
        }
    }

    @Override
    void complete() {
        if (!done) {
            done = true;
            streams.resetObjects();
            connection.release();
        }
    }

    @Override
    void abandon() {
        if (!done) {
            done = true;
            connection.discard();
            technologies.forget(ref.objectId().nodeId(), route);
        }
    }
}
