package org.karmi.dgc.lease.internal;

import java.io.IOException;

import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.transport.WireBuffer;

/** Hands hand-made requests to a collector's {@code onRequest}, as its technology would. Not thread-safe. */
final class RequestBytes {

    private final SimNetwork.Node to;
    /** The answer to the last request, {@code [position, limit)}. */
    WireBuffer answer;

    RequestBytes(SimNetwork.Node to) {
        this.to = to;
    }

    /** Encodes a request addressed to the node and hands it over as node {@code fromNode}'s. */
    void send(long fromNode, byte kind, int flags, long sequence, long lease, long... numbers) throws IOException {
        answer = onRequest(to.collector, fromNode,
                LeaseMessageDescriptor.encodeRequest(kind, flags, to.id, sequence, lease, numbers));
    }

    /** Hands {@code bytes} to {@code collector} as a request; returns the answer. */
    static WireBuffer onRequest(DistributedCollector collector, long fromNode, byte[] bytes) throws IOException {
        // the payload sits behind a technology's header, as in a real buffer
        WireBuffer in = new WireBuffer(12 + bytes.length);
        System.arraycopy(bytes, 0, in.array, 12, bytes.length);
        in.flipForRead(12, 12 + bytes.length);
        WireBuffer out = new WireBuffer(64);
        out.clearForWrite(12);
        collector.onRequest(fromNode, in, out);
        out.flipForRead(12, out.position);
        return out;
    }
}
