package org.karmi.tech.parastation.internal;

import org.karmi.spi.transport.MessageType;

/**
 * How a KaRMI frame ({@link MessageType} plus call id plus payload) travels through a channel
 * ring: as one or more ring records (fragments) whose type word packs the frame type and the
 * fragment flags, the first fragment beginning with a frame header.
 *
 * <pre>
 *  record type word (i32):
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------+-+-+-----------+-------------------------------+
 *  | frame type u8 |B|E|  0        |        0                      |
 *  +---------------+-+-+-----------+-------------------------------+
 *   B = begin flag (0x80 in bits 8-15): first fragment of a frame
 *   E = end flag (0x40 in bits 8-15): last fragment of a frame (an unfragmented frame has both)
 *
 *  message of a first fragment:
 *  +---------------------------------------------------------------+
 *  |                     Call Id (i32)                             |
 *  +---------------------------------------------------------------+
 *  |                     Frame Payload Length (i32)                |
 *  +---------------------------------------------------------------+
 *  |                     payload bytes ...                        ...
 *  +---------------------------------------------------------------+
 *  message of a later fragment: payload bytes only.
 * </pre>
 *
 * Stateless; thread-safe.
 */
final class FrameDescriptor {

    static final int BEGIN_FLAG = 0x80;
    static final int END_FLAG = 0x40;
    static final int UNFRAGMENTED = BEGIN_FLAG | END_FLAG;
    static final int FLAGS_SHIFT = 8;

    static final int CALL_ID_OFFSET = 0;
    static final int PAYLOAD_LENGTH_OFFSET = CALL_ID_OFFSET + Integer.BYTES;
    static final int FRAME_HEADER_LENGTH = PAYLOAD_LENGTH_OFFSET + Integer.BYTES;

    private FrameDescriptor() {
    }

    static int msgTypeId(int frameType, int flags) {
        return (frameType & 0xff) | (flags << FLAGS_SHIFT);
    }

    static int frameType(int msgTypeId) {
        return msgTypeId & 0xff;
    }

    static int flags(int msgTypeId) {
        return (msgTypeId >>> FLAGS_SHIFT) & 0xff;
    }
}
