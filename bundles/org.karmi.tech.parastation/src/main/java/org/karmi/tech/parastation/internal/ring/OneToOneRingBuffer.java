package org.karmi.tech.parastation.internal.ring;

import static org.karmi.tech.parastation.internal.ring.ByteBufferAccess.*;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.ALIGNMENT;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.HEADER_LENGTH;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.PADDING_MSG_TYPE_ID;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.align;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.checkTypeId;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.lengthOffset;
import static org.karmi.tech.parastation.internal.ring.RecordDescriptor.typeOffset;

import java.nio.ByteBuffer;

/**
 * A ring buffer for exactly one producer thread and one consumer thread (possibly in two
 * processes). The producer zeroes the header after every record it writes before publishing
 * it, so the consumer never has to clear consumed bytes: one copy in, one copy out.
 * Threading: one producer thread and one consumer thread at a time.
 */
public final class OneToOneRingBuffer extends RingBuffer {

    /** @param buffer see {@link RingBuffer#RingBuffer(ByteBuffer)} */
    public OneToOneRingBuffer(ByteBuffer buffer) {
        super(buffer);
    }

    /**
     * {@inheritDoc}
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
        final int required = alignedLength + HEADER_LENGTH; // room to pre-zero the next header
        final long tail = getLong(b, tailPositionIndex);
        checkAligned("tail", tail); // the consumer's process can write it too
        long head = getLong(b, headCachePositionIndex);
        int tailIndex = (int) tail & mask;
        final int toBufferEnd = capacity - tailIndex;
        final int padding = (alignedLength != toBufferEnd && required > toBufferEnd) ? toBufferEnd : 0;
        final int needed = padding + required;
        if (needed > capacity - (int) (tail - head)) {
            head = getLongAcquire(b, headPositionIndex);
            putLong(b, headCachePositionIndex, head);
            if (needed > capacity - (int) (tail - head)) {
                return INSUFFICIENT_CAPACITY;
            }
        }
        long newTail = tail;
        if (padding != 0) {
            putLong(b, 0, 0L); // header of the record about to go at index 0
            putInt(b, typeOffset(tailIndex), PADDING_MSG_TYPE_ID);
            putIntRelease(b, lengthOffset(tailIndex), padding);
            newTail += padding;
            tailIndex = 0;
        }
        putLong(b, (tailIndex + alignedLength) & mask, 0L); // pre-zero the next record's header
        putInt(b, typeOffset(tailIndex), msgTypeId);
        putInt(b, lengthOffset(tailIndex), -recordLength);
        putLongRelease(b, tailPositionIndex, newTail + alignedLength);
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
                putLongRelease(b, headPositionIndex, head + bytesRead);
            }
        }
        return messagesRead;
    }
}
