package org.karmi.tech.parastation.internal.ring;

import static org.karmi.tech.parastation.internal.ring.ByteBufferAccess.*;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.ALIGNMENT;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.HEADER_LENGTH;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.PADDING_MSG_TYPE_ID;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A ring buffer of variable-length records in a (shared, memory-mapped) {@link ByteBuffer}
 * laid out as {@link RingBufferDescriptor} and {@link RecordDescriptor} say. Producers
 * {@linkplain #tryClaim claim} space, write the message in place and {@linkplain #commit
 * commit}; the single consumer {@linkplain #read reads} records in order. Nothing on these
 * paths makes a system call or allocates. Every word another process can write is checked
 * before it is used as a length or an index: a record or position no well-behaved peer writes
 * throws {@link RingCorruptedException}, never an out-of-bounds access, an endless loop or
 * a read outside the record. Threading: see the subclasses
 * ({@link OneToOneRingBuffer}, {@link ManyToOneRingBuffer}); at most one consumer.
 */
public abstract class RingBuffer {

    /** {@link #tryClaim} result: not enough free space now (back-pressure); try again later. */
    public static final int INSUFFICIENT_CAPACITY = -2;

    final ByteBuffer buffer;
    final int capacity;
    final int mask;
    final int maxMsgLength;
    /** Longest record a producer writes: header plus {@link #maxMsgLength}. */
    final int maxRecordLength;
    final int tailPositionIndex;
    final int headCachePositionIndex;
    final int headPositionIndex;

    /**
     * @param buffer a direct buffer of exactly {@code capacity + TRAILER_LENGTH} bytes, its
     *               first byte 8-aligned; index 0 of the buffer is index 0 of the ring
     */
    RingBuffer(ByteBuffer buffer) {
        if (!buffer.isDirect()) {
            throw new IllegalArgumentException("ring buffers need a direct (mapped) buffer");
        }
        this.buffer = buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN).clear();
        this.capacity = RingBufferDescriptor.checkCapacity(buffer.capacity() - RingBufferDescriptor.TRAILER_LENGTH);
        this.mask = capacity - 1;
        this.maxMsgLength = capacity / 8 - HEADER_LENGTH;
        this.maxRecordLength = maxMsgLength + HEADER_LENGTH;
        this.tailPositionIndex = capacity + RingBufferDescriptor.TAIL_POSITION_OFFSET;
        this.headCachePositionIndex = capacity + RingBufferDescriptor.HEAD_CACHE_POSITION_OFFSET;
        this.headPositionIndex = capacity + RingBufferDescriptor.HEAD_POSITION_OFFSET;
    }

    /** Data capacity in bytes. */
    public final int capacity() {
        return capacity;
    }

    /** Longest message one record can carry; longer messages must be fragmented by the caller. */
    public final int maxMsgLength() {
        return maxMsgLength;
    }

    /** The ring's buffer (absolute indexes), for writing claimed messages and reading records. */
    public final ByteBuffer buffer() {
        return buffer;
    }

    /**
     * Claims space for a message of {@code length} bytes.
     *
     * @return the index to write the message at, or {@link #INSUFFICIENT_CAPACITY}
     * @throws IllegalArgumentException if the type is not positive or the length is out of range
     */
    public abstract int tryClaim(int msgTypeId, int length);

    /** Publishes the message claimed at {@code index} (as returned by {@link #tryClaim}). */
    public abstract void commit(int index);

    /** Gives up a claim: the record becomes padding the consumer skips. */
    public abstract void abort(int index);

    /**
     * Reads up to {@code messageCountLimit} records in order, handing each to the handler,
     * then frees their space. At most two blocks (up to the end of the data area, then from
     * index 0) are looked at, so a call is bounded by the capacity whatever the ring holds.
     *
     * @return the number of messages handed to the handler (padding not counted)
     * @throws RingCorruptedException at a record no producer writes (records before it are
     *         handed over and freed; the bad one stays)
     */
    public final int read(MessageHandler handler, int messageCountLimit) {
        wrapped = false;
        int n = readBlock(handler, messageCountLimit);
        if (wrapped && n < messageCountLimit) { // the block ended with padding: go on at index 0
            wrapped = false;
            n += readBlock(handler, messageCountLimit - n);
        }
        return n;
    }

    /** Set by {@link #readBlock} when the block ended with a padding record (consumer thread only). */
    boolean wrapped;

    /** Reads records from the head up to the end of the data area at most. */
    abstract int readBlock(MessageHandler handler, int messageCountLimit);

    /**
     * Copies a whole message into the ring as one record.
     *
     * @return false if there is not enough free space now
     */
    public final boolean write(int msgTypeId, byte[] src, int offset, int length) {
        int index = tryClaim(msgTypeId, length);
        if (index < 0) {
            return false;
        }
        buffer.put(index, src, offset, length);
        commit(index);
        return true;
    }

    /** The producers' position, read with acquire semantics. */
    public final long producerPositionAcquire() {
        return (long) LONG.getAcquire(buffer, tailPositionIndex);
    }

    /** The consumer's position, read with acquire semantics. */
    public final long consumerPositionAcquire() {
        return (long) LONG.getAcquire(buffer, headPositionIndex);
    }

    /** Bytes currently used by unread records (a snapshot). */
    public final int sizeAcquire() {
        long head = consumerPositionAcquire();
        long tail = producerPositionAcquire();
        return (int) Math.max(0, Math.min(capacity, tail - head));
    }

    /**
     * Consumer: checks a record's length and type (read once by the caller, so a concurrent
     * writer cannot change what was checked) before the record is used. Two compares on the
     * hot path; the message is built only when the check fails.
     *
     * @param blockLeft bytes from the record to the end of the block being read
     * @throws RingCorruptedException if no producer writes such a record there
     */
    final void checkRecord(int recordIndex, int recordLength, int msgTypeId, int blockLeft) {
        if (recordLength < HEADER_LENGTH || recordLength > blockLeft
                || (msgTypeId > 0 ? recordLength > maxRecordLength : msgTypeId != PADDING_MSG_TYPE_ID)) {
            throw new RingCorruptedException("ring record at index " + recordIndex + " of a ring of " + capacity
                    + " bytes has length " + recordLength + " and type " + msgTypeId + "; a record there must have"
                    + " a positive type (or " + PADDING_MSG_TYPE_ID + ", padding) and a length in [" + HEADER_LENGTH
                    + ", " + Math.min(blockLeft, maxRecordLength) + "]" + (msgTypeId == PADDING_MSG_TYPE_ID
                    ? " (padding: up to " + blockLeft + ")" : ""));
        }
    }

    /**
     * Checks a position read from shared memory before its index is used: positions advance
     * by whole aligned records only, and an unaligned index would make the atomic accesses fail.
     *
     * @throws RingCorruptedException naming the position if it is not aligned
     */
    final void checkAligned(String name, long position) {
        if ((position & (ALIGNMENT - 1)) != 0) {
            throw new RingCorruptedException(name + " position " + position + " of a ring of " + capacity
                    + " bytes is not a multiple of " + ALIGNMENT);
        }
    }

    final void checkMsgLength(int length) {
        if (length < 0 || length > maxMsgLength) {
            throw new IllegalArgumentException("message length " + length + " outside [0, " + maxMsgLength
                    + "] for a ring of " + capacity + " bytes");
        }
    }
}
