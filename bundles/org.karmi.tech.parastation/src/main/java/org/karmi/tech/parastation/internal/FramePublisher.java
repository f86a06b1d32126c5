package org.karmi.tech.parastation.internal;

import static org.karmi.tech.parastation.internal.FrameDescriptor.BEGIN_FLAG;
import static org.karmi.tech.parastation.internal.FrameDescriptor.CALL_ID_OFFSET;
import static org.karmi.tech.parastation.internal.FrameDescriptor.END_FLAG;
import static org.karmi.tech.parastation.internal.FrameDescriptor.FRAME_HEADER_LENGTH;
import static org.karmi.tech.parastation.internal.FrameDescriptor.PAYLOAD_LENGTH_OFFSET;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;

import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.RecordDescriptor;
import org.karmi.tech.parastation.internal.ring.RingBuffer;
import org.karmi.tech.parastation.internal.ring.RingCorruptedException;

/**
 * Writes frames into a ring, fragmenting those larger than one record and copying each byte
 * once, straight from the caller's array into shared memory. A full ring (slow receiver)
 * makes it wait, bounded by a deadline and by the channel's {@link ChannelGuard}; nothing is
 * ever overwritten or dropped. After each record it {@linkplain WakeTarget#wakeIfSleeping wakes}
 * the consumer if that sleeps. Threading: one producer thread at a time.
 */
final class FramePublisher {

    private final RingBuffer ring;
    private final IdleStrategy idle;
    private final WakeTarget consumer;

    /** A publisher whose consumer never sleeps on a doorbell (tests). */
    FramePublisher(RingBuffer ring, IdleStrategy idle) {
        this(ring, idle, null);
    }

    /** @param consumer the ring's consumer, woken after each record if it sleeps; null: never */
    FramePublisher(RingBuffer ring, IdleStrategy idle, WakeTarget consumer) {
        this.ring = ring;
        this.idle = idle;
        this.consumer = consumer;
    }

    /** Rings the consumer's doorbell if it sleeps (after a record, or after a state word changed). */
    void wakeConsumer() {
        if (consumer != null) {
            consumer.wakeIfSleeping();
        }
    }

    /**
     * Publishes one frame.
     *
     * @return bytes the frame occupies in the ring (record headers and alignment included)
     * @throws SocketTimeoutException if the receiver left no room before the deadline; the
     *         frame may be partly written, so the channel must then be closed
     * @throws java.io.StreamCorruptedException if the receiver's process wrote positions into the ring
     *         that no receiver writes (the channel must then be closed)
     * @throws IOException from the guard
     */
    long publish(int frameType, int callId, byte[] src, int offset, int length, long deadlineNs, ChannelGuard guard)
            throws IOException {
        try {
            return publishRecords(frameType, callId, src, offset, length, deadlineNs, guard);
        } catch (RingCorruptedException e) {
            throw new MalformedFrameException("parastation: " + e.getMessage());
        }
    }

    private long publishRecords(int frameType, int callId, byte[] src, int offset, int length, long deadlineNs,
            ChannelGuard guard) throws IOException {
        final RingBuffer ring = this.ring;
        final ByteBuffer b = ring.buffer();
        final int maxMsg = ring.maxMsgLength();
        int position = offset;
        int remaining = length;
        int headerLength = FRAME_HEADER_LENGTH;
        long bytes = 0;
        do {
            final int chunk = Math.min(remaining, maxMsg - headerLength);
            final int flags = (headerLength != 0 ? BEGIN_FLAG : 0) | (chunk == remaining ? END_FLAG : 0);
            final int msgLength = headerLength + chunk;
            int index = ring.tryClaim(FrameDescriptor.msgTypeId(frameType, flags), msgLength);
            if (index < 0) {
                index = awaitClaim(FrameDescriptor.msgTypeId(frameType, flags), msgLength, deadlineNs, guard);
            }
            if (headerLength != 0) {
                ByteBufferAccess.putInt(b, index + CALL_ID_OFFSET, callId);
                ByteBufferAccess.putInt(b, index + PAYLOAD_LENGTH_OFFSET, length);
            }
            b.put(index + headerLength, src, position, chunk);
            ring.commit(index);
            wakeConsumer();
            bytes += RecordDescriptor.align(RecordDescriptor.HEADER_LENGTH + msgLength, RecordDescriptor.ALIGNMENT);
            position += chunk;
            remaining -= chunk;
            headerLength = 0;
        } while (remaining > 0);
        return bytes;
    }

    /** Publishes a frame only if it fits now without waiting (for CLOSE on the way out). */
    boolean tryPublishEmpty(int frameType, int callId) {
        int index;
        try {
            index = ring.tryClaim(FrameDescriptor.msgTypeId(frameType, BEGIN_FLAG | END_FLAG), FRAME_HEADER_LENGTH);
        } catch (RingCorruptedException e) {
            return false; // closing anyway: the receiver's state word says so
        }
        if (index < 0) {
            return false;
        }
        ByteBufferAccess.putInt(ring.buffer(), index + CALL_ID_OFFSET, callId);
        ByteBufferAccess.putInt(ring.buffer(), index + PAYLOAD_LENGTH_OFFSET, 0);
        ring.commit(index);
        wakeConsumer();
        return true;
    }

    private int awaitClaim(int msgTypeId, int msgLength, long deadlineNs, ChannelGuard guard) throws IOException {
        final IdleStrategy idle = this.idle;
        idle.reset();
        int index;
        int rounds = 0;
        while ((index = ring.tryClaim(msgTypeId, msgLength)) < 0) {
            if ((++rounds & FrameReceiver.CHECK_MASK) != 0 && !idle.isParking()) {
                idle.idle();
                continue;
            }
            guard.checkOpen();
            if (System.nanoTime() - deadlineNs > 0) {
                throw new SocketTimeoutException("parastation: the receiver consumed nothing before the deadline;"
                        + " the ring of " + ring.capacity() + " bytes stayed full (back-pressure bound exceeded)");
            }
            idle.idle();
        }
        return index;
    }
}
