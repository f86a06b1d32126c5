package org.karmi.tech.parastation.internal;

import static org.karmi.tech.parastation.internal.FrameDescriptor.BEGIN_FLAG;
import static org.karmi.tech.parastation.internal.FrameDescriptor.CALL_ID_OFFSET;
import static org.karmi.tech.parastation.internal.FrameDescriptor.END_FLAG;
import static org.karmi.tech.parastation.internal.FrameDescriptor.FRAME_HEADER_LENGTH;
import static org.karmi.tech.parastation.internal.FrameDescriptor.PAYLOAD_LENGTH_OFFSET;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;

import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.MessageHandler;
import org.karmi.tech.parastation.internal.ring.RecordDescriptor;
import org.karmi.tech.parastation.internal.ring.RingBuffer;

/**
 * Reassembles frames from a ring's fragments straight into a {@link WireBuffer} (one copy out
 * of shared memory), checking the fragment sequence and the announced length against a limit
 * before anything of that length is allocated. Threading: the ring's single consumer thread.
 */
final class FrameReceiver implements MessageHandler {

    /** While spinning or yielding, the guard and the deadline are checked every 64 rounds. */
    static final int CHECK_MASK = 63;

    private final RingBuffer ring;
    private final IdleStrategy idle;
    private final int maxMessageBytes;

    private WireBuffer target;
    private boolean inFrame;
    private boolean complete;
    private int frameType;
    private int callId;
    private int expected;
    private long bytes;
    private String error;

    FrameReceiver(RingBuffer ring, IdleStrategy idle, int maxMessageBytes) {
        this.ring = ring;
        this.idle = idle;
        this.maxMessageBytes = maxMessageBytes;
    }

    /** Starts collecting the next frame into {@code target}. */
    void begin(WireBuffer target) {
        this.target = target;
        this.inFrame = false;
        this.complete = false;
        this.bytes = 0;
        this.error = null;
    }

    /**
     * Reads at most one record.
     *
     * @return true once a whole frame is in the target (payload in {@code [0, limit)})
     * @throws StreamCorruptedException if the fragments make no valid frame
     */
    boolean poll() throws StreamCorruptedException {
        ring.read(this, 1);
        if (error != null) {
            throw new StreamCorruptedException("parastation: " + error);
        }
        return complete;
    }

    /** Whether a frame has begun arriving but is not complete. */
    boolean inFrame() {
        return inFrame;
    }

    /**
     * Waits for a whole frame, bounded by the deadline and the guard.
     *
     * @throws SocketTimeoutException at the deadline
     */
    void receive(long deadlineNs, ChannelGuard guard) throws IOException {
        final IdleStrategy idle = this.idle;
        idle.reset();
        long seen = bytes;
        int rounds = 0;
        while (!poll()) {
            if (bytes != seen) {
                seen = bytes;
                idle.reset();
                continue;
            }
            if ((++rounds & CHECK_MASK) != 0 && !idle.isParking()) {
                idle.idle();
                continue;
            }
            guard.checkOpen();
            if (System.nanoTime() - deadlineNs > 0) {
                throw new SocketTimeoutException("parastation: no " + (inFrame ? "rest of the frame" : "frame")
                        + " arrived before the deadline");
            }
            idle.idle();
        }
    }

    int frameType() {
        return frameType;
    }

    int callId() {
        return callId;
    }

    /** Ring bytes the current frame occupied so far (record headers and alignment included). */
    long bytes() {
        return bytes;
    }

    @Override
    public void onMessage(int msgTypeId, ByteBuffer buffer, int index, int length) {
        bytes += RecordDescriptor.align(RecordDescriptor.HEADER_LENGTH + length, RecordDescriptor.ALIGNMENT);
        if (error != null || complete) {
            error = error != null ? error : "record after a complete frame";
            return;
        }
        final int flags = FrameDescriptor.flags(msgTypeId);
        final int type = FrameDescriptor.frameType(msgTypeId);
        final WireBuffer t = target;
        int dataIndex = index;
        int dataLength = length;
        if ((flags & BEGIN_FLAG) != 0) {
            if (inFrame) {
                error = "a new frame began inside " + MessageType.name((byte) frameType);
                return;
            }
            if (length < FRAME_HEADER_LENGTH) {
                error = "first fragment of " + length + " bytes is shorter than the frame header";
                return;
            }
            final int total = ByteBufferAccess.getInt(buffer, index + PAYLOAD_LENGTH_OFFSET);
            if (total < 0 || total > maxMessageBytes) {
                error = "frame announces " + total + " bytes; the limit is " + maxMessageBytes;
                return;
            }
            inFrame = true;
            frameType = type;
            callId = ByteBufferAccess.getInt(buffer, index + CALL_ID_OFFSET);
            expected = total;
            t.clearForWrite(0);
            t.ensure(total);
            dataIndex += FRAME_HEADER_LENGTH;
            dataLength -= FRAME_HEADER_LENGTH;
        } else if (!inFrame || type != frameType) {
            error = "fragment of " + MessageType.name((byte) type) + " without its first fragment";
            return;
        }
        if (dataLength > expected - t.position) {
            error = "fragments exceed the announced " + expected + " bytes";
            return;
        }
        buffer.get(dataIndex, t.array, t.position, dataLength);
        t.position += dataLength;
        if ((flags & END_FLAG) != 0) {
            if (t.position != expected) {
                error = "frame ended after " + t.position + " of " + expected + " bytes";
                return;
            }
            t.flipForRead(0, expected);
            inFrame = false;
            complete = true;
        }
    }
}
