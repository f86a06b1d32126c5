package org.karmi.tech.tcp.internal;

import org.karmi.spi.transport.WireBuffer;

/**
 * Layout of the 12-byte header that precedes every frame on a KaRMI TCP connection
 * ({@code docs/PROTOCOL.md}, section 4.1); all integers little-endian.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |          frame length (i32): header + payload, 12..max        |  0
 *  +---------------+---------------+-------------------------------+
 *  |  type (u8)    |  flags (u8)   |        reserved (u16) = 0     |  4
 *  +---------------+---------------+-------------------------------+
 *  |          call id (i32): CALL/REPLY pair, 0 otherwise          |  8
 *  +---------------------------------------------------------------+
 *  |                          payload ...                          | 12
 * </pre>
 *
 * <p>Stateless static helpers; thread-safe.
 */
final class TcpFrameDescriptor {

    /** Offset of the frame length (i32, header included). */
    static final int LENGTH_OFFSET = 0;
    /** Offset of the frame type (u8, one of {@link org.karmi.spi.transport.MessageType}). */
    static final int TYPE_OFFSET = LENGTH_OFFSET + Integer.BYTES;
    /** Offset of the flags (u8); unknown bits are ignored. */
    static final int FLAGS_OFFSET = TYPE_OFFSET + Byte.BYTES;
    /** Offset of the reserved field (u16); written 0, ignored. */
    static final int RESERVED_OFFSET = FLAGS_OFFSET + Byte.BYTES;
    /** Offset of the call id (i32). */
    static final int CALL_ID_OFFSET = RESERVED_OFFSET + Short.BYTES;
    /** Length of the header; the payload starts here. */
    static final int HEADER_LENGTH = CALL_ID_OFFSET + Integer.BYTES;

    /**
     * Flag of a server's CLOSE: the connection was retired because it was idle (or evicted for
     * a new one), not because its technology stops; a CALL that crossed this CLOSE is still
     * answered, so its client reads on for the REPLY and then drops the connection.
     */
    static final byte FLAG_DRAIN = 0x01;

    private TcpFrameDescriptor() {
    }

    /** Writes a header at offset 0 of {@code frame} for a frame of {@code length} bytes in total. */
    static void writeHeader(byte[] frame, int length, byte type, int callId) {
        writeHeader(frame, length, type, (byte) 0, callId);
    }

    /** Writes a header with {@code flags}. */
    static void writeHeader(byte[] frame, int length, byte type, byte flags, int callId) {
        WireBuffer.putInt(frame, LENGTH_OFFSET, length);
        frame[TYPE_OFFSET] = type;
        frame[FLAGS_OFFSET] = flags;
        WireBuffer.putShort(frame, RESERVED_OFFSET, (short) 0);
        WireBuffer.putInt(frame, CALL_ID_OFFSET, callId);
    }

    static int length(byte[] frame) {
        return WireBuffer.getInt(frame, LENGTH_OFFSET);
    }

    static byte type(byte[] frame) {
        return frame[TYPE_OFFSET];
    }

    static byte flags(byte[] frame) {
        return frame[FLAGS_OFFSET];
    }

    static int callId(byte[] frame) {
        return WireBuffer.getInt(frame, CALL_ID_OFFSET);
    }
}
