package org.karmi.tech.parastation.internal.ring;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Test messages with a producer id, a sequence number and content derived from both, so that
 * a consumer detects loss, duplication, reordering and torn or overwritten bytes; and the
 * per-producer bookkeeping of a consumer. Not thread-safe (one instance per consumer).
 */
final class Traffic implements MessageHandler {

    static final int HEADER = 12;
    static final int TYPE = 7;

    private final long[] nextSeq;
    private final int maxExtra;
    long received;
    String error;

    Traffic(int producers, int maxExtra) {
        this.nextSeq = new long[producers];
        this.maxExtra = maxExtra;
    }

    /** Length of message {@code seq} of a producer (varies so records hit every wrap offset). */
    static int length(long seq, int maxExtra) {
        return HEADER + (int) ((seq * 7919) % (maxExtra + 1));
    }

    static byte content(int producer, long seq, int i) {
        return (byte) (seq * 31 + producer * 7 + i);
    }

    /** Writes message {@code seq} of {@code producer} into {@code dst}; returns its length. */
    static int encode(byte[] dst, int producer, long seq, int maxExtra) {
        int len = length(seq, maxExtra);
        ByteBuffer b = ByteBuffer.wrap(dst).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, producer);
        b.putLong(4, seq);
        for (int i = HEADER; i < len; i++) {
            dst[i] = content(producer, seq, i);
        }
        return len;
    }

    /** Writes one message, retrying with back-off while the ring is full; false at the deadline. */
    static boolean write(RingBuffer ring, byte[] scratch, int producer, long seq, int maxExtra, long deadlineNs) {
        int len = encode(scratch, producer, seq, maxExtra);
        IdleStrategy idle = null;
        while (!ring.write(TYPE, scratch, 0, len)) {
            if (idle == null) {
                idle = new BackoffIdleStrategy(100, 10, 1_000, 100_000);
            }
            if (System.nanoTime() - deadlineNs > 0) {
                return false;
            }
            idle.idle();
        }
        return true;
    }

    @Override
    public void onMessage(int msgTypeId, ByteBuffer buffer, int index, int length) {
        if (error != null) {
            return;
        }
        if (msgTypeId != TYPE) {
            error = "type " + msgTypeId + " at message " + received;
            return;
        }
        int producer = buffer.getInt(index);
        long seq = buffer.getLong(index + 4);
        if (producer < 0 || producer >= nextSeq.length) {
            error = "bad producer " + producer + " at message " + received;
            return;
        }
        if (seq != nextSeq[producer]) {
            error = "producer " + producer + ": expected seq " + nextSeq[producer] + ", got " + seq
                    + (seq < nextSeq[producer] ? " (duplicate or reordered)" : " (lost messages)");
            return;
        }
        if (length != length(seq, maxExtra)) {
            error = "producer " + producer + " seq " + seq + ": length " + length + ", expected " + length(seq, maxExtra);
            return;
        }
        for (int i = HEADER; i < length; i++) {
            if (buffer.get(index + i) != content(producer, seq, i)) {
                error = "producer " + producer + " seq " + seq + ": byte " + i + " corrupted";
                return;
            }
        }
        nextSeq[producer]++;
        received++;
    }

    long next(int producer) {
        return nextSeq[producer];
    }
}
