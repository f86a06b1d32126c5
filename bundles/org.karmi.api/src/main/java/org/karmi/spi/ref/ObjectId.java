package org.karmi.spi.ref;

import org.karmi.spi.transport.TruncatedMessageException;
import org.karmi.spi.transport.WireBuffer;

/**
 * Identifies one exported object across all nodes: the exporting node's id and a number
 * unique within that node (never reused while the node lives).
 *
 * <p>Wire form: node id (i64) then object number (i64), 16 bytes, little-endian.
 * Immutable and thread-safe.
 */
public final class ObjectId {

    /** Bytes of the wire form. */
    public static final int ENCODED_LENGTH = 16;

    private final long nodeId;
    private final long number;

    public ObjectId(long nodeId, long number) {
        this.nodeId = nodeId;
        this.number = number;
    }

    /** The id of the node that exported the object. */
    public long nodeId() {
        return nodeId;
    }

    /** The object's number within its node. */
    public long number() {
        return number;
    }

    public void writeTo(WireBuffer out) {
        out.writeLong(nodeId);
        out.writeLong(number);
    }

    public static ObjectId readFrom(WireBuffer in) throws TruncatedMessageException {
        long node = in.readLong();
        long number = in.readLong();
        return new ObjectId(node, number);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ObjectId id && id.nodeId == nodeId && id.number == number;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(nodeId * 31 + number);
    }

    @Override
    public String toString() {
        return Long.toHexString(nodeId) + "/" + number;
    }
}
