package org.karmi.tech.parastation.internal;

import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * Layout of a node file {@code node-<port>.psn}: who the node is (process id and start time
 * for liveness), its heartbeat, and its accept ring, a many-to-one ring into which clients
 * post {@link #CONNECT_MSG_TYPE_ID} records.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |          Version (i32; 0 while initialising, released last)   |  0
 *  +---------------------------------------------------------------+
 *  |                     Magic 'KPND' (i32)                        |  4
 *  +---------------------------------------------------------------+
 *  |                     Port (i32)                                |  8
 *  +---------------------------------------------------------------+
 *  |                     State (i32): 1 active, 2 closed           |  12
 *  +---------------------------------------------------------------+
 *  |                     Process Id (i64)                          |  16
 *  +---------------------------------------------------------------+
 *  |                     Process Start, epoch ms (i64; 0 unknown)  |  24
 *  +---------------------------------------------------------------+
 *  |                     Domain Id (i64)                           |  32
 *  +---------------------------------------------------------------+
 *  |                     Accept Ring Capacity (i32)                |  40
 *  +---------------------------------------------------------------+
 *  |  Spinning Waiters (i32, atomic): this node's share of the     |  44
 *  |  domain's count ({@link SpinPermits})                          |
 *  +---------------------------------------------------------------+
 *  |                     (reserved to 128)                        ...
 *  +---------------------------------------------------------------+
 *  |                     Heartbeat, epoch ms (i64; released)       |  128
 *  +---------------------------------------------------------------+
 *  |  Conductor Wake Word (i32): 0 awake, 1 sleeping ({@link WakeWord}) 136
 *  +---------------------------------------------------------------+
 *  |  Doorbell Path Length (i32): UTF-8 bytes, 0 = no doorbell     |  140
 *  +---------------------------------------------------------------+
 *  |  Doorbell Path (UTF-8, up to 108 bytes): UNIX-domain socket  ...  144
 *  +---------------------------------------------------------------+
 *  +---------------------------------------------------------------+
 *  |                     Accept ring ({@link RingBufferDescriptor})...  256
 *  +---------------------------------------------------------------+
 *
 *  CONNECT record message (type 1, 8 bytes):
 *  +---------------------------------------------------------------+
 *  |                     Client Port (i32)                         |
 *  +---------------------------------------------------------------+
 *  |                     Channel Sequence (i32)                    |
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>The doorbell is a UNIX-domain stream socket the node's conductor listens on; a sender
 * that finds a waiter of this node asleep writes the waiter's slot (i32) to it. Version 2
 * added the conductor's wake word and the doorbell path. Stateless; thread-safe.
 */
final class NodeDescriptor {

    static final int VERSION = 2;
    static final int MAGIC = 0x444E504B; // "KPND"
    static final int STATE_ACTIVE = 1;
    static final int STATE_CLOSED = 2;

    static final int VERSION_OFFSET = 0;
    static final int MAGIC_OFFSET = VERSION_OFFSET + Integer.BYTES;
    static final int PORT_OFFSET = MAGIC_OFFSET + Integer.BYTES;
    static final int STATE_OFFSET = PORT_OFFSET + Integer.BYTES;
    static final int PID_OFFSET = STATE_OFFSET + Integer.BYTES;
    static final int START_MILLIS_OFFSET = PID_OFFSET + Long.BYTES;
    static final int DOMAIN_ID_OFFSET = START_MILLIS_OFFSET + Long.BYTES;
    static final int ACCEPT_CAPACITY_OFFSET = DOMAIN_ID_OFFSET + Long.BYTES;
    /**
     * This node's threads holding a {@link SpinPermits} permit (its share of the domain file's
     * count, given back by whoever reclaims the node after its process died). Added within
     * version 2 in a word that was reserved and zero.
     */
    static final int SPINNING_WAITERS_OFFSET = ACCEPT_CAPACITY_OFFSET + Integer.BYTES;
    static final int HEARTBEAT_OFFSET = 2 * RingBufferDescriptor.CACHE_LINE_LENGTH;
    static final int CONDUCTOR_WAKE_WORD_OFFSET = HEARTBEAT_OFFSET + Long.BYTES;
    static final int DOORBELL_PATH_LENGTH_OFFSET = CONDUCTOR_WAKE_WORD_OFFSET + Integer.BYTES;
    static final int DOORBELL_PATH_OFFSET = DOORBELL_PATH_LENGTH_OFFSET + Integer.BYTES;
    static final int HEADER_LENGTH = HEARTBEAT_OFFSET + 2 * RingBufferDescriptor.CACHE_LINE_LENGTH;
    /** Longest doorbell path (a Linux {@code sun_path} holds 108 bytes with its terminating zero). */
    static final int MAX_DOORBELL_PATH_BYTES = HEADER_LENGTH - DOORBELL_PATH_OFFSET - 5;
    static final int ACCEPT_RING_OFFSET = HEADER_LENGTH;

    /** Capacity of the accept ring. */
    static final int ACCEPT_RING_CAPACITY = 64 * 1024;

    /** Type of a connect request in the accept ring. */
    static final int CONNECT_MSG_TYPE_ID = 1;
    static final int CONNECT_CLIENT_PORT_OFFSET = 0;
    static final int CONNECT_SEQ_OFFSET = CONNECT_CLIENT_PORT_OFFSET + Integer.BYTES;
    static final int CONNECT_LENGTH = CONNECT_SEQ_OFFSET + Integer.BYTES;

    private NodeDescriptor() {
    }

    static int fileLength(int acceptCapacity) {
        return ACCEPT_RING_OFFSET + RingBufferDescriptor.totalLength(acceptCapacity);
    }
}
