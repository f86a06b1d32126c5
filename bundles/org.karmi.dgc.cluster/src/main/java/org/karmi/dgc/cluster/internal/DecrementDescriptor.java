package org.karmi.dgc.cluster.internal;

import java.io.StreamCorruptedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.WireBuffer;

/**
 * Layout of the cluster collector's one message, DECREMENT: "I give back this many of the
 * references to these objects that you sent me". Sent one way ({@code CollectorContext.send})
 * by the flusher, never answered. Little-endian. Objects of the receiving node carry only
 * their number; objects of third nodes (the receiver is an intermediate holder) carry node
 * and number. A message holds at least one entry; an object may appear more than once.
 *
 * <pre>
 *   0        1                 3                 5
 *   +--------+-----------------+-----------------+---------------------+---------------------+
 *   | 0x11   | own (u16)       | other (u16)     | own x OWN entry     | other x OTHER entry |
 *   +--------+-----------------+-----------------+---------------------+---------------------+
 *    version 1 (high nibble), kind 1 = DECREMENT (low nibble)
 *
 *   OWN entry, 12 bytes: an object of the receiving node
 *   0                                 8                 12
 *   +---------------------------------+-----------------+
 *   | object number (i64)             | count (i32, >0) |
 *   +---------------------------------+-----------------+
 *
 *   OTHER entry, 20 bytes: an object of a third node
 *   0                 8                 16                20
 *   +-----------------+-----------------+-----------------+
 *   | owner node (i64)| number (i64)    | count (i32, >0) |
 *   +-----------------+-----------------+-----------------+
 * </pre>
 *
 * A message is well-formed only if its length is exactly {@code 5 + 12 own + 20 other}, it
 * has an entry, every count is positive and no OTHER entry names the receiving node; it is
 * checked whole before any entry is applied. Stateless; thread-safe.
 */
final class DecrementDescriptor {

    static final int VERSION = 1;
    static final int KIND_DECREMENT = 1;
    static final byte VERSION_KIND = (byte) (VERSION << 4 | KIND_DECREMENT);

    static final int VERSION_KIND_OFFSET = 0;
    static final int OWN_COUNT_OFFSET = VERSION_KIND_OFFSET + 1;
    static final int OTHER_COUNT_OFFSET = OWN_COUNT_OFFSET + 2;
    static final int HEADER_LENGTH = OTHER_COUNT_OFFSET + 2;

    static final int OWN_NUMBER_OFFSET = 0;
    static final int OWN_DECREMENT_OFFSET = OWN_NUMBER_OFFSET + 8;
    static final int OWN_ENTRY_LENGTH = OWN_DECREMENT_OFFSET + 4;

    static final int OTHER_NODE_OFFSET = 0;
    static final int OTHER_NUMBER_OFFSET = OTHER_NODE_OFFSET + 8;
    static final int OTHER_DECREMENT_OFFSET = OTHER_NUMBER_OFFSET + 8;
    static final int OTHER_ENTRY_LENGTH = OTHER_DECREMENT_OFFSET + 4;

    /** Most entries of one section (the u16 count). */
    static final int MAX_SECTION_ENTRIES = 0xffff;

    /** Receives the entries of a checked message. */
    interface Sink {
        void decrement(ObjectId id, long count);
    }

    private DecrementDescriptor() {
    }

    /**
     * Encodes what one destination is given back as messages of at most {@code maxEntries}
     * entries each. A count above {@link Integer#MAX_VALUE} becomes several entries.
     *
     * @param decrements object to count given back, every count positive
     */
    static List<byte[]> encode(long destination, Map<ObjectId, long[]> decrements, int maxEntries) {
        int cap = Math.min(maxEntries, MAX_SECTION_ENTRIES);
        List<ObjectId> own = new ArrayList<>();
        List<Integer> ownCounts = new ArrayList<>();
        List<ObjectId> other = new ArrayList<>();
        List<Integer> otherCounts = new ArrayList<>();
        for (Map.Entry<ObjectId, long[]> e : decrements.entrySet()) {
            boolean isOwn = e.getKey().nodeId() == destination;
            for (long left = e.getValue()[0]; left > 0; left -= Integer.MAX_VALUE) {
                (isOwn ? own : other).add(e.getKey());
                (isOwn ? ownCounts : otherCounts).add((int) Math.min(left, Integer.MAX_VALUE));
            }
        }
        List<byte[]> messages = new ArrayList<>();
        int o = 0;
        int t = 0;
        while (o < own.size() || t < other.size()) {
            int nOwn = Math.min(cap, own.size() - o);
            int nOther = Math.min(cap - nOwn, other.size() - t);
            byte[] m = new byte[length(nOwn, nOther)];
            m[VERSION_KIND_OFFSET] = VERSION_KIND;
            WireBuffer.putShort(m, OWN_COUNT_OFFSET, (short) nOwn);
            WireBuffer.putShort(m, OTHER_COUNT_OFFSET, (short) nOther);
            int p = HEADER_LENGTH;
            for (int i = 0; i < nOwn; i++, o++, p += OWN_ENTRY_LENGTH) {
                WireBuffer.putLong(m, p + OWN_NUMBER_OFFSET, own.get(o).number());
                WireBuffer.putInt(m, p + OWN_DECREMENT_OFFSET, ownCounts.get(o));
            }
            for (int i = 0; i < nOther; i++, t++, p += OTHER_ENTRY_LENGTH) {
                WireBuffer.putLong(m, p + OTHER_NODE_OFFSET, other.get(t).nodeId());
                WireBuffer.putLong(m, p + OTHER_NUMBER_OFFSET, other.get(t).number());
                WireBuffer.putInt(m, p + OTHER_DECREMENT_OFFSET, otherCounts.get(t));
            }
            messages.add(m);
        }
        return messages;
    }

    /** Bytes of a message with {@code own} OWN and {@code other} OTHER entries. */
    static int length(int own, int other) {
        return HEADER_LENGTH + own * OWN_ENTRY_LENGTH + other * OTHER_ENTRY_LENGTH;
    }

    /** Number of entries of an encoded message. */
    static int entries(byte[] message) {
        return (WireBuffer.getShort(message, OWN_COUNT_OFFSET) & 0xffff)
                + (WireBuffer.getShort(message, OTHER_COUNT_OFFSET) & 0xffff);
    }

    /**
     * Checks the message in {@code [position, limit)} without consuming it or allocating.
     *
     * @param self the receiving node
     * @return its number of entries
     * @throws StreamCorruptedException naming what is wrong
     */
    static int check(WireBuffer in, long self) throws StreamCorruptedException {
        int start = in.position;
        int length = in.remaining();
        if (start < 0 || in.limit > in.array.length) {
            throw new StreamCorruptedException("cluster DGC message outside its buffer: " + in);
        }
        if (length < HEADER_LENGTH) {
            throw new StreamCorruptedException("cluster DGC message of " + length + " bytes, shorter than its header");
        }
        byte versionKind = in.array[start + VERSION_KIND_OFFSET];
        if (versionKind != VERSION_KIND) {
            throw new StreamCorruptedException(String.format("cluster DGC message of unknown version/kind 0x%02x",
                    versionKind & 0xff));
        }
        int own = WireBuffer.getShort(in.array, start + OWN_COUNT_OFFSET) & 0xffff;
        int other = WireBuffer.getShort(in.array, start + OTHER_COUNT_OFFSET) & 0xffff;
        if (own + other == 0 || length(own, other) != length) {
            throw new StreamCorruptedException("cluster DGC message of " + length + " bytes claims " + own + " + "
                    + other + " entries (" + length(own, other) + " bytes)");
        }
        int p = start + HEADER_LENGTH;
        for (int i = 0; i < own; i++, p += OWN_ENTRY_LENGTH) {
            positive(WireBuffer.getInt(in.array, p + OWN_DECREMENT_OFFSET));
        }
        for (int i = 0; i < other; i++, p += OTHER_ENTRY_LENGTH) {
            if (WireBuffer.getLong(in.array, p + OTHER_NODE_OFFSET) == self) {
                throw new StreamCorruptedException("cluster DGC message names the receiver's object as a third node's");
            }
            positive(WireBuffer.getInt(in.array, p + OTHER_DECREMENT_OFFSET));
        }
        return own + other;
    }

    private static void positive(int count) throws StreamCorruptedException {
        if (count <= 0) {
            throw new StreamCorruptedException("cluster DGC message with count " + count);
        }
    }

    /** Hands the entries of a message {@link #check}ed before to {@code sink} and consumes it. */
    static void apply(WireBuffer in, long self, Sink sink) {
        int own = WireBuffer.getShort(in.array, in.position + OWN_COUNT_OFFSET) & 0xffff;
        int other = WireBuffer.getShort(in.array, in.position + OTHER_COUNT_OFFSET) & 0xffff;
        int p = in.position + HEADER_LENGTH;
        for (int i = 0; i < own; i++, p += OWN_ENTRY_LENGTH) {
            sink.decrement(new ObjectId(self, WireBuffer.getLong(in.array, p + OWN_NUMBER_OFFSET)),
                    WireBuffer.getInt(in.array, p + OWN_DECREMENT_OFFSET));
        }
        for (int i = 0; i < other; i++, p += OTHER_ENTRY_LENGTH) {
            sink.decrement(new ObjectId(WireBuffer.getLong(in.array, p + OTHER_NODE_OFFSET),
                    WireBuffer.getLong(in.array, p + OTHER_NUMBER_OFFSET)),
                    WireBuffer.getInt(in.array, p + OTHER_DECREMENT_OFFSET));
        }
        in.position = p;
    }
}
