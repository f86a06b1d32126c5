package org.karmi.core.internal;

import org.karmi.spi.transport.WireBuffer;

/**
 * A call to an object exported in this JVM (the paper's local short-cut): arguments and
 * result are deep-copied through the serializer on the caller's thread, with no technology
 * and no thread switch involved. Uses the calling thread's {@link LocalStreams}.
 */
final class LocalCall extends OutgoingCall {

    private final Dispatcher dispatcher;
    private final long nodeId;
    private final RemoteRef ref;
    private final long methodHash;
    private final LocalStreams streams;
    private boolean done;

    LocalCall(Dispatcher dispatcher, long nodeId, RemoteRef ref, long methodHash, LocalStreams streams) {
        super(streams.caller.out, streams.caller.in, ref);
        this.dispatcher = dispatcher;
        this.nodeId = nodeId;
        this.ref = ref;
        this.methodHash = methodHash;
        this.streams = streams;
    }

    @Override
    WireBuffer exchange() {
        WireBuffer request = streams.request;
        request.flipForRead(0, request.position);
        WireBuffer reply = streams.reply;
        reply.clearForWrite(0);
        dispatcher.invoke(ref.objectId().nodeId(), ref.objectId().number(), methodHash,
                request, reply, streams.callee, nodeId, null);
        reply.flipForRead(0, reply.position);
        return reply;
    }

    @Override
    void complete() {
        if (!done) {
            done = true;
            streams.caller.resetObjects();
            streams.release();
        }
    }

    @Override
    void abandon() {
        if (!done) {
            done = true;
            streams.caller.resetAll();
            streams.callee.resetAll();
            streams.release();
        }
    }
}
