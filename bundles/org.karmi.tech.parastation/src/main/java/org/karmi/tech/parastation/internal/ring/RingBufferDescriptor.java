package org.karmi.tech.parastation.internal.ring;

/**
 * Layout of one ring buffer region in shared memory: a power-of-two data area followed by a
 * trailer holding the counters, each on its own pair of cache lines so that the producer's
 * and the consumer's counters never share a line (Agrona's {@code RingBufferDescriptor}).
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                      Data (capacity bytes)                   ...
 * ...              records, see {@link RecordDescriptor}           |
 *  +---------------------------------------------------------------+ capacity
 *  |                   Tail Position (i64)                         |
 *  |                   (producer; 128 bytes)                      ...
 *  +---------------------------------------------------------------+ + 128
 *  |                   Head Cache Position (i64)                   |
 *  |                   (producers' copy of head; 128 bytes)       ...
 *  +---------------------------------------------------------------+ + 256
 *  |                   Head Position (i64)                         |
 *  |                   (consumer; 128 bytes)                      ...
 *  +---------------------------------------------------------------+ + 384
 * </pre>
 *
 * <p>Positions are byte counts since the ring was created and never wrap; the index of a
 * position is {@code position & (capacity - 1)}. Stateless; thread-safe.
 */
public final class RingBufferDescriptor {

    /** Length of a cache line; counters are two lines apart against adjacent-line prefetch. */
    public static final int CACHE_LINE_LENGTH = 64;
    /** Offset (from the trailer's start) of the producers' tail position. */
    public static final int TAIL_POSITION_OFFSET = 0;
    /** Offset of the producers' cached copy of the head position. */
    public static final int HEAD_CACHE_POSITION_OFFSET = TAIL_POSITION_OFFSET + 2 * CACHE_LINE_LENGTH;
    /** Offset of the consumer's head position. */
    public static final int HEAD_POSITION_OFFSET = HEAD_CACHE_POSITION_OFFSET + 2 * CACHE_LINE_LENGTH;
    /** Length of the trailer. */
    public static final int TRAILER_LENGTH = HEAD_POSITION_OFFSET + 2 * CACHE_LINE_LENGTH;
    /** Smallest data capacity accepted. */
    public static final int MIN_CAPACITY = 1024;
    /** Largest data capacity accepted. */
    public static final int MAX_CAPACITY = 1 << 30;

    private RingBufferDescriptor() {
    }

    /**
     * Checks a data capacity.
     *
     * @return the capacity
     * @throws IllegalArgumentException if it is not a power of two within bounds
     */
    public static int checkCapacity(int capacity) {
        if (Integer.bitCount(capacity) != 1 || capacity < MIN_CAPACITY || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("ring capacity must be a power of two in [" + MIN_CAPACITY + ", "
                    + MAX_CAPACITY + "]: " + capacity);
        }
        return capacity;
    }

    /** Bytes a ring with that data capacity occupies, trailer included. */
    public static int totalLength(int capacity) {
        return checkCapacity(capacity) + TRAILER_LENGTH;
    }
}
