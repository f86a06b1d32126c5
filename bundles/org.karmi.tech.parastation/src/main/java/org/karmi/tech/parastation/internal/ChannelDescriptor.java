package org.karmi.tech.parastation.internal;

import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * Layout of a channel file {@code chan-<clientPort>-<seq>.psc}: one connection, two
 * one-to-one rings (client to server, server to client) and each end's state word.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |          Version (i32; 0 while initialising, released last)   |  0
 *  +---------------------------------------------------------------+
 *  |                     Magic 'KPCH' (i32)                        |  4
 *  +---------------------------------------------------------------+
 *  |                     Ring Capacity (i32)                       |  8
 *  +---------------------------------------------------------------+
 *  |                     Channel Sequence (i32)                    |  12
 *  +---------------------------------------------------------------+
 *  |                     Client Port (i32)                         |  16
 *  +---------------------------------------------------------------+
 *  |                     Server Port (i32)                         |  20
 *  +---------------------------------------------------------------+
 *  |                     Client Process Id (i64)                   |  24
 *  +---------------------------------------------------------------+
 *  |                     (reserved to 128)                        ...
 *  +---------------------------------------------------------------+
 *  |          Client State (i32): 1 open, 2 closed (released)      |  128
 *  +---------------------------------------------------------------+
 *  |                     (reserved)                                |  132
 *  +---------------------------------------------------------------+
 *  |  Client Wake Word (i32): 0 awake, 1 sleeping ({@link WakeWord})|  136
 *  +---------------------------------------------------------------+
 *  |  Client Wake Slot (i32): doorbell slot of the client's waiter |  140
 *  +---------------------------------------------------------------+
 *  |                     (reserved to 256)                        ...
 *  +---------------------------------------------------------------+
 *  |          Server State (i32): 0 not yet accepted, 1, 2         |  256
 *  +---------------------------------------------------------------+
 *  |                     (reserved)                                |  260
 *  +---------------------------------------------------------------+
 *  |  Server Wake Word (i32): 0 awake, 1 sleeping                  |  264
 *  +---------------------------------------------------------------+
 *  |  Server Wake Slot (i32): doorbell slot of the server's waiter |  268
 *  +---------------------------------------------------------------+
 *  |                     (reserved to 512)                        ...
 *  +---------------------------------------------------------------+
 *  |     Client-to-server ring ({@link RingBufferDescriptor})     ...  512
 *  +---------------------------------------------------------------+
 *  |     Server-to-client ring                                    ...
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>The client's wake word belongs to the consumer of the server-to-client ring (a caller
 * awaiting its REPLY), the server's to the consumer of the client-to-server ring (the
 * receiver thread); each end's producer checks the other end's word after every record it
 * publishes (see {@link WakeWord}). Version 2 added the wake words. Stateless; thread-safe.
 */
final class ChannelDescriptor {

    static final int VERSION = 2;
    static final int MAGIC = 0x4843504B; // "KPCH"
    static final int STATE_OPEN = 1;
    static final int STATE_CLOSED = 2;

    static final int VERSION_OFFSET = 0;
    static final int MAGIC_OFFSET = VERSION_OFFSET + Integer.BYTES;
    static final int RING_CAPACITY_OFFSET = MAGIC_OFFSET + Integer.BYTES;
    static final int SEQ_OFFSET = RING_CAPACITY_OFFSET + Integer.BYTES;
    static final int CLIENT_PORT_OFFSET = SEQ_OFFSET + Integer.BYTES;
    static final int SERVER_PORT_OFFSET = CLIENT_PORT_OFFSET + Integer.BYTES;
    static final int CLIENT_PID_OFFSET = SERVER_PORT_OFFSET + Integer.BYTES;
    static final int CLIENT_STATE_OFFSET = 2 * RingBufferDescriptor.CACHE_LINE_LENGTH;
    static final int CLIENT_WAKE_WORD_OFFSET = CLIENT_STATE_OFFSET + Long.BYTES;
    static final int CLIENT_WAKE_SLOT_OFFSET = CLIENT_WAKE_WORD_OFFSET + Integer.BYTES;
    static final int SERVER_STATE_OFFSET = CLIENT_STATE_OFFSET + 2 * RingBufferDescriptor.CACHE_LINE_LENGTH;
    static final int SERVER_WAKE_WORD_OFFSET = SERVER_STATE_OFFSET + Long.BYTES;
    static final int SERVER_WAKE_SLOT_OFFSET = SERVER_WAKE_WORD_OFFSET + Integer.BYTES;
    static final int HEADER_LENGTH = SERVER_STATE_OFFSET + 4 * RingBufferDescriptor.CACHE_LINE_LENGTH;
    static final int CLIENT_TO_SERVER_RING_OFFSET = HEADER_LENGTH;

    private ChannelDescriptor() {
    }

    static int serverToClientRingOffset(int ringCapacity) {
        return CLIENT_TO_SERVER_RING_OFFSET + RingBufferDescriptor.totalLength(ringCapacity);
    }

    static int fileLength(int ringCapacity) {
        return serverToClientRingOffset(ringCapacity) + RingBufferDescriptor.totalLength(ringCapacity);
    }
}
