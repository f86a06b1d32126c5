package org.karmi.tech.parastation.internal.ring;

import static org.karmi.tech.parastation.internal.ring.ByteBufferAccess.*;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.ALIGNMENT;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.HEADER_LENGTH;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.PADDING_MSG_TYPE_ID;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.align;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.checkTypeId;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.lengthOffset;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.typeOffset;

import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * A ring buffer for any number of producers (threads of any number of processes) and one
 * consumer: producers claim space with a compare-and-set on the tail, the consumer zeroes
 * what it consumed. A producer that died between claim and commit would block the ring; the
 * consumer {@linkplain #unblock() unblocks} it after a bound. Any process of the domain may
 * write it, so the consumer checks what it reads and, on a {@link RingCorruptedException},
 * {@linkplain #discardAll() discards} everything unread. Threading: many producers, one
 * consumer thread.
 */
public final class ManyToOneRingBuffer extends RingBuffer {

    private static final byte[] ZEROS = new byte[4096];
    /** Compare-and-sets a claim may lose in a row before it reports the ring as busy. */
    static final int MAX_CLAIM_ATTEMPTS = 1_000;

    /** @param buffer see {@link RingBuffer#RingBuffer(ByteBuffer)} */
    public ManyToOneRingBuffer(ByteBuffer buffer) {
        super(buffer);
    }

    /**
     * {@inheritDoc} Also fails (without waiting) after {@value #MAX_CLAIM_ATTEMPTS} lost
     * compare-and-sets in a row, so a process rewriting the tail cannot hold a producer here.
     *
     * @throws RingCorruptedException if the tail position in shared memory is not aligned
     */
    @Override
    public int tryClaim(int msgTypeId, int length) {
        checkTypeId(msgTypeId);
        checkMsgLength(length);
        final ByteBuffer b = buffer;
        final int recordLength = length + HEADER_LENGTH;
        final int alignedLength = align(recordLength, ALIGNMENT);
        long head = getLongAcquire(b, headCachePositionIndex);
        long tail;
        int tailIndex;
        int padding;
        int attempts = 0;
        do {
            if (++attempts > MAX_CLAIM_ATTEMPTS) {
                return INSUFFICIENT_CAPACITY;
            }
            tail = getLongAcquire(b, tailPositionIndex);
            checkAligned("tail", tail);
            tailIndex = (int) tail & mask;
            final int toBufferEnd = capacity - tailIndex;
            padding = alignedLength > toBufferEnd ? toBufferEnd : 0;
            final int needed = padding + alignedLength;
            if (needed > capacity - (int) (tail - head)) {
                head = getLongAcquire(b, headPositionIndex);
                if (needed > capacity - (int) (tail - head)) {
                    return INSUFFICIENT_CAPACITY;
                }
                putLongRelease(b, headCachePositionIndex, head);
            }
        } while (!LONG.compareAndSet(b, tailPositionIndex, tail, tail + padding + alignedLength));

        if (padding != 0) {
            putIntRelease(b, lengthOffset(tailIndex), -padding);
            VarHandle.releaseFence();
            putInt(b, typeOffset(tailIndex), PADDING_MSG_TYPE_ID);
            putIntRelease(b, lengthOffset(tailIndex), padding);
            tailIndex = 0;
        }
        putIntRelease(b, lengthOffset(tailIndex), -recordLength);
        VarHandle.releaseFence();
        putInt(b, typeOffset(tailIndex), msgTypeId);
        return tailIndex + HEADER_LENGTH;
    }

    @Override
    public void commit(int index) {
        final int recordIndex = index - HEADER_LENGTH;
        final int length = getInt(buffer, lengthOffset(recordIndex));
        putIntRelease(buffer, lengthOffset(recordIndex), -length);
    }

    @Override
    public void abort(int index) {
        final int recordIndex = index - HEADER_LENGTH;
        final int length = getInt(buffer, lengthOffset(recordIndex));
        putInt(buffer, typeOffset(recordIndex), PADDING_MSG_TYPE_ID);
        putIntRelease(buffer, lengthOffset(recordIndex), -length);
    }

    @Override
    int readBlock(MessageHandler handler, int messageCountLimit) {
        final ByteBuffer b = buffer;
        final long head = getLong(b, headPositionIndex);
        checkAligned("head", head);
        final int headIndex = (int) head & mask;
        final int maxBlockLength = capacity - headIndex;
        int bytesRead = 0;
        int messagesRead = 0;
        try {
            while (bytesRead < maxBlockLength && messagesRead < messageCountLimit) {
                final int recordIndex = headIndex + bytesRead;
                final int recordLength = getIntAcquire(b, lengthOffset(recordIndex));
                if (recordLength <= 0) {
                    break;
                }
                final int msgTypeId = getInt(b, typeOffset(recordIndex));
                checkRecord(recordIndex, recordLength, msgTypeId, maxBlockLength - bytesRead);
                bytesRead += align(recordLength, ALIGNMENT);
                if (msgTypeId == PADDING_MSG_TYPE_ID) {
                    wrapped = bytesRead == maxBlockLength;
                    continue;
                }
                ++messagesRead;
                handler.onMessage(msgTypeId, b, recordIndex + HEADER_LENGTH, recordLength - HEADER_LENGTH);
            }
        } finally {
            if (bytesRead > 0) {
                zero(b, headIndex, bytesRead);
                putLongRelease(b, headPositionIndex, head + bytesRead);
            }
        }
        return messagesRead;
    }

    /**
     * Turns a record that a producer claimed but never committed (it died) into padding, so
     * that the consumer can go on. Call only from the consumer thread, and only when the
     * ring has made no progress for longer than any live producer needs to write a record.
     *
     * @return whether a record was unblocked
     * @throws RingCorruptedException if the positions or the claimed length cannot be a producer's
     */
    public boolean unblock() {
        final ByteBuffer b = buffer;
        final long head = getLongAcquire(b, headPositionIndex);
        final long tail = getLongAcquire(b, tailPositionIndex);
        if (head == tail) {
            return false;
        }
        checkAligned("head", head);
        checkAligned("tail", tail);
        final int headIndex = (int) head & mask;
        final int tailIndex = (int) tail & mask;
        final int length = getIntAcquire(b, lengthOffset(headIndex));
        if (length < 0) {
            final int claimed = -length; // Integer.MIN_VALUE stays negative and is refused below
            if (claimed < HEADER_LENGTH || claimed > capacity - headIndex) {
                throw new RingCorruptedException("ring record at index " + headIndex + " claims " + claimed
                        + " bytes; at most " + (capacity - headIndex) + " fit there");
            }
            putInt(b, typeOffset(headIndex), PADDING_MSG_TYPE_ID);
            putIntRelease(b, lengthOffset(headIndex), claimed);
            return true;
        }
        if (length == 0) {
            // claimed, but not even the negative length written: skip to the next written header
            final int limit = tailIndex > headIndex ? tailIndex : capacity;
            for (int i = headIndex + ALIGNMENT; i < limit; i += ALIGNMENT) {
                if (getIntAcquire(b, lengthOffset(i)) != 0) {
                    putInt(b, typeOffset(headIndex), PADDING_MSG_TYPE_ID);
                    putIntRelease(b, lengthOffset(headIndex), i - headIndex);
                    return true;
                }
            }
            putInt(b, typeOffset(headIndex), PADDING_MSG_TYPE_ID);
            putIntRelease(b, lengthOffset(headIndex), limit - headIndex);
            return true;
        }
        return false;
    }

    /**
     * Whether the head and tail positions cannot be a well-behaved ring's (unaligned, the tail
     * behind the head, or more than the capacity apart): then nothing can be claimed or read
     * until {@link #discardAll()}. Consumer thread; a snapshot.
     */
    public boolean positionsCorrupt() {
        final long head = getLongAcquire(buffer, headPositionIndex);
        final long tail = getLongAcquire(buffer, tailPositionIndex);
        final long distance = tail - head;
        return distance < 0 || distance > capacity || ((head | tail) & (ALIGNMENT - 1)) != 0;
    }

    /**
     * Consumer, after {@link RingCorruptedException}: drops every unread record, zeroes the
     * data area and puts head (and, if it was corrupt, tail) at one aligned position, so that
     * producers and the consumer work again. A producer that claimed before the reset loses its
     * record (its client times out and retries); one whose claim races the reset may leave a
     * record the next read refuses, which leads here again. Bounded work: one pass over the
     * data area.
     *
     * @return whether the ring was reset (false: a producer moved the tail meanwhile; try again)
     */
    public boolean discardAll() {
        final ByteBuffer b = buffer;
        final long head = getLongAcquire(b, headPositionIndex);
        long tail = getLongAcquire(b, tailPositionIndex);
        final long distance = tail - head;
        if (distance < 0 || distance > capacity || (tail & (ALIGNMENT - 1)) != 0) {
            final long sane = (head + ALIGNMENT - 1) & -ALIGNMENT;
            if (!LONG.compareAndSet(b, tailPositionIndex, tail, sane)) {
                return false;
            }
            tail = sane;
        }
        zero(b, 0, capacity);
        putLongRelease(b, headCachePositionIndex, tail);
        putLongRelease(b, headPositionIndex, tail);
        return true;
    }

    private static void zero(ByteBuffer b, int index, int length) {
        int done = 0;
        while (done < length) {
            int n = Math.min(ZEROS.length, length - done);
            b.put(index + done, ZEROS, 0, n);
            done += n;
        }
    }
}
