package org.karmi.dgc.lease.internal;

import java.io.StreamCorruptedException;

import org.karmi.spi.transport.WireBuffer;

/**
 * Layout of the lease collector's messages ({@code docs/PROTOCOL.md}, messages of the
 * {@code lease} collector); all integers little-endian. Both requests go from a holder of references to the objects' owner with
 * {@code CollectorContext.call}; the owner answers each.
 *
 * <p>Request (DIRTY or CLEAN), {@value #REQUEST_HEADER_LENGTH} + 8 n bytes:
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------+---------------+---------------+---------------+
 *  | version (u8)  |  kind (u8)    |  flags (u8)   | reserved = 0  |  0
 *  +---------------+---------------+---------------+---------------+
 *  |              n (i32): object numbers that follow, 0..4096     |  4
 *  +---------------------------------------------------------------+
 *  |             owner node id (i64): the node addressed           |  8
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |     sequence number (i64) > 0, rising per sending node        | 16
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |   DIRTY: requested lease (i64, ms) > 0;  CLEAN: 0             | 24
 *  |                                                               |
 *  +---------------------------------------------------------------+
 *  |   object number (i64) x n: the objects are (owner, number)    | 32
 *  |                              ...                              |
 * </pre>
 * The objects' node id is written once, as the owner: every id in one request belongs to
 * the node addressed, which refuses a request for another node (a restarted node on a
 * reused address must not take another node's numbers for its own).
 *
 * <p>Answer, {@value #ANSWER_LENGTH} bytes:
 * <pre>
 *  +---------------+---------------+---------------+---------------+
 *  | version (u8)  |  kind (u8)    |  flags = 0    | reserved = 0  |  0
 *  +---------------+---------------+---------------+---------------+
 *  |                        reserved (i32) = 0                     |  4
 *  +---------------------------------------------------------------+
 *  |  DIRTY_ANSWER: granted lease (i64, ms) > 0;  CLEAN_ANSWER: 0  |  8
 *  |                                                               |
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>Stateless static helpers; thread-safe.
 */
final class LeaseMessageDescriptor {

    /** Protocol version, the first byte of every message. */
    static final byte VERSION = 1;

    /** Kind: the holder holds (or keeps) these objects; asks for a lease. */
    static final byte KIND_DIRTY = 1;
    /** Kind: the holder dropped these objects. */
    static final byte KIND_CLEAN = 2;
    /** Kind: the owner's answer to a DIRTY, with the granted lease. */
    static final byte KIND_DIRTY_ANSWER = 3;
    /** Kind: the owner's answer to a CLEAN. */
    static final byte KIND_CLEAN_ANSWER = 4;

    /**
     * CLEAN flag: a DIRTY for one of these objects failed, so it may still arrive; the owner
     * remembers the sequence number for one lease and ignores such a late DIRTY (java.rmi's
     * strong clean). Other bits are written 0 and ignored.
     */
    static final int FLAG_STRONG = 0x01;

    /** Most object numbers in one request; a larger batch is split. */
    static final int MAX_IDS = 4096;

    static final int VERSION_OFFSET = 0;
    static final int KIND_OFFSET = VERSION_OFFSET + Byte.BYTES;
    static final int FLAGS_OFFSET = KIND_OFFSET + Byte.BYTES;
    static final int RESERVED_OFFSET = FLAGS_OFFSET + Byte.BYTES;
    static final int COUNT_OFFSET = RESERVED_OFFSET + Byte.BYTES;
    static final int OWNER_OFFSET = COUNT_OFFSET + Integer.BYTES;
    static final int SEQUENCE_OFFSET = OWNER_OFFSET + Long.BYTES;
    static final int LEASE_OFFSET = SEQUENCE_OFFSET + Long.BYTES;
    /** Length of a request's header; the object numbers start here. */
    static final int REQUEST_HEADER_LENGTH = LEASE_OFFSET + Long.BYTES;
    /** Bytes per object number. */
    static final int NUMBER_LENGTH = Long.BYTES;

    /** Offset of an answer's lease. */
    static final int GRANTED_OFFSET = COUNT_OFFSET + Integer.BYTES;
    /** Length of an answer. */
    static final int ANSWER_LENGTH = GRANTED_OFFSET + Long.BYTES;

    private LeaseMessageDescriptor() {
    }

    /** Bytes of a request for {@code n} objects. */
    static int requestLength(int n) {
        return REQUEST_HEADER_LENGTH + n * NUMBER_LENGTH;
    }

    /** Encodes a request; {@code numbers.length} must not exceed {@link #MAX_IDS}. */
    static byte[] encodeRequest(byte kind, int flags, long owner, long sequence, long lease, long[] numbers) {
        if (numbers.length > MAX_IDS) {
            throw new IllegalArgumentException(numbers.length + " ids in one request, at most " + MAX_IDS);
        }
        byte[] a = new byte[requestLength(numbers.length)];
        a[VERSION_OFFSET] = VERSION;
        a[KIND_OFFSET] = kind;
        a[FLAGS_OFFSET] = (byte) flags;
        WireBuffer.putInt(a, COUNT_OFFSET, numbers.length);
        WireBuffer.putLong(a, OWNER_OFFSET, owner);
        WireBuffer.putLong(a, SEQUENCE_OFFSET, sequence);
        WireBuffer.putLong(a, LEASE_OFFSET, lease);
        for (int i = 0; i < numbers.length; i++) {
            WireBuffer.putLong(a, REQUEST_HEADER_LENGTH + i * NUMBER_LENGTH, numbers[i]);
        }
        return a;
    }

    /**
     * Checks a request in {@code [position, limit)} before anything of it is used: header
     * present, known version and kind, count within bounds and matching the length exactly,
     * addressed to {@code ownNode}, positive sequence number and (DIRTY) lease.
     *
     * @throws StreamCorruptedException saying what is wrong
     */
    static void checkRequest(WireBuffer in, long ownNode) throws StreamCorruptedException {
        int length = in.remaining();
        if (length < REQUEST_HEADER_LENGTH) {
            throw bad("request of " + length + " bytes is shorter than its " + REQUEST_HEADER_LENGTH + "-byte header");
        }
        byte[] a = in.array;
        int base = in.position;
        if (a[base + VERSION_OFFSET] != VERSION) {
            throw bad("unsupported version " + (a[base + VERSION_OFFSET] & 0xff) + ", this node speaks " + VERSION);
        }
        byte kind = a[base + KIND_OFFSET];
        if (kind != KIND_DIRTY && kind != KIND_CLEAN) {
            throw bad("unknown request kind " + (kind & 0xff));
        }
        int n = count(a, base);
        if (n < 0 || n > MAX_IDS) {
            throw bad("request claims " + (n & 0xffffffffL) + " ids, at most " + MAX_IDS);
        }
        if (length != requestLength(n)) {
            throw bad("request of " + n + " ids must have " + requestLength(n) + " bytes, has " + length);
        }
        if (owner(a, base) != ownNode) {
            throw bad("request for node " + Long.toHexString(owner(a, base)) + " reached node "
                    + Long.toHexString(ownNode));
        }
        if (sequence(a, base) <= 0) {
            throw bad("sequence number " + sequence(a, base) + " is not positive");
        }
        long lease = lease(a, base);
        if (kind == KIND_DIRTY ? lease <= 0 : lease != 0) {
            throw bad("lease " + lease + " in a " + (kind == KIND_DIRTY ? "DIRTY" : "CLEAN"));
        }
    }

    static byte kind(byte[] a, int base) {
        return a[base + KIND_OFFSET];
    }

    static int flags(byte[] a, int base) {
        return a[base + FLAGS_OFFSET] & 0xff;
    }

    static int count(byte[] a, int base) {
        return WireBuffer.getInt(a, base + COUNT_OFFSET);
    }

    static long owner(byte[] a, int base) {
        return WireBuffer.getLong(a, base + OWNER_OFFSET);
    }

    static long sequence(byte[] a, int base) {
        return WireBuffer.getLong(a, base + SEQUENCE_OFFSET);
    }

    static long lease(byte[] a, int base) {
        return WireBuffer.getLong(a, base + LEASE_OFFSET);
    }

    /** The {@code i}-th object number of the request at {@code base}. */
    static long number(byte[] a, int base, int i) {
        return WireBuffer.getLong(a, base + REQUEST_HEADER_LENGTH + i * NUMBER_LENGTH);
    }

    /** Appends an answer at the buffer's position. */
    static void writeAnswer(WireBuffer out, byte kind, long granted) {
        out.writeByte(VERSION);
        out.writeByte(kind);
        out.writeByte(0);
        out.writeByte(0);
        out.writeInt(0);
        out.writeLong(granted);
    }

    /**
     * Reads the answer to a request of {@code requestKind} in {@code [position, limit)}.
     *
     * @return the granted lease (DIRTY), 0 (CLEAN)
     * @throws StreamCorruptedException if it is not such an answer
     */
    static long readAnswer(WireBuffer in, byte requestKind) throws StreamCorruptedException {
        byte expected = requestKind == KIND_DIRTY ? KIND_DIRTY_ANSWER : KIND_CLEAN_ANSWER;
        if (in.remaining() != ANSWER_LENGTH) {
            throw bad("answer of " + in.remaining() + " bytes, expected " + ANSWER_LENGTH);
        }
        byte[] a = in.array;
        int base = in.position;
        if (a[base + VERSION_OFFSET] != VERSION || a[base + KIND_OFFSET] != expected) {
            throw bad("answer of version " + (a[base + VERSION_OFFSET] & 0xff) + " kind "
                    + (a[base + KIND_OFFSET] & 0xff) + ", expected version " + VERSION + " kind " + expected);
        }
        long granted = WireBuffer.getLong(a, base + GRANTED_OFFSET);
        if (expected == KIND_DIRTY_ANSWER && granted <= 0) {
            throw bad("granted lease " + granted + " is not positive");
        }
        in.position += ANSWER_LENGTH;
        return granted;
    }

    private static StreamCorruptedException bad(String what) {
        return new StreamCorruptedException("malformed lease collector message: " + what);
    }
}
