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
 * consumer {@linkplain #unblock() unblocks} it after a bound. Threading: many producers, one
 * consumer thread.
 */
public final class ManyToOneRingBuffer extends RingBuffer {

    private static final byte[] ZEROS = new byte[4096];

    /** @param buffer see {@link RingBuffer#RingBuffer(ByteBuffer)} */
    public ManyToOneRingBuffer(ByteBuffer buffer) {
        super(buffer);
    }

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
        do {
            tail = getLongAcquire(b, tailPositionIndex);
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
                bytesRead += align(recordLength, ALIGNMENT);
                final int msgTypeId = getInt(b, typeOffset(recordIndex));
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
     */
    public boolean unblock() {
        final ByteBuffer b = buffer;
        final long head = getLongAcquire(b, headPositionIndex);
        final long tail = getLongAcquire(b, tailPositionIndex);
        if (head == tail) {
            return false;
        }
        final int headIndex = (int) head & mask;
        final int tailIndex = (int) tail & mask;
        final int length = getIntAcquire(b, lengthOffset(headIndex));
        if (length < 0) {
            putInt(b, typeOffset(headIndex), PADDING_MSG_TYPE_ID);
            putIntRelease(b, lengthOffset(headIndex), -length);
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

    private static void zero(ByteBuffer b, int index, int length) {
        int done = 0;
        while (done < length) {
            int n = Math.min(ZEROS.length, length - done);
            b.put(index + done, ZEROS, 0, n);
            done += n;
        }
    }
}
