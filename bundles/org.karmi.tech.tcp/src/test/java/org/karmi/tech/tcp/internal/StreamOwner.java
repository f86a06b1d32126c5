package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.io.InputStream;
import org.karmi.spi.transport.InboundByteBudget;

/**
 * A {@link FrameReader.Owner} over any input stream, for reading frames without a socket
 * (unit and fuzz tests): counts {@code frameStarted} calls; reads are bounded by a fixed wait
 * for budget. Not thread-safe beyond what {@link FrameReader} needs.
 */
final class StreamOwner implements FrameReader.Owner {

    private final InputStream in;
    private final long budgetWaitNanos;
    int framesStarted;

    StreamOwner(InputStream in, long budgetWaitNanos) {
        this.in = in;
        this.budgetWaitNanos = budgetWaitNanos;
    }

    /** A reader over {@code in} with no polling and the given budget. */
    static FrameReader reader(InputStream in, InboundByteBudget budget, long budgetWaitNanos) {
        return new FrameReader(new StreamOwner(in, budgetWaitNanos), 0, budget);
    }

    @Override
    public InputStream input() {
        return in;
    }

    @Override
    public void frameStarted() {
        framesStarted++;
    }

    @Override
    public long readDeadlineNanos() {
        return System.nanoTime() + budgetWaitNanos;
    }

    /** A stream over {@code bytes} whose reads return at most {@code chunk} bytes each. */
    static InputStream chunked(byte[] bytes, int chunk) {
        return new InputStream() {
            private int at;

            @Override
            public int read() {
                return at < bytes.length ? bytes[at++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                if (at >= bytes.length) {
                    return -1;
                }
                int n = Math.min(Math.min(len, chunk), bytes.length - at);
                System.arraycopy(bytes, at, b, off, n);
                at += n;
                return n;
            }

            @Override
            public int available() {
                return bytes.length - at;
            }
        };
    }

    /** Frames back to back: each a 12-byte header (type, call id) and its payload. */
    static byte[] frames(byte type, byte[]... payloads) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int id = 1;
        for (byte[] p : payloads) {
            out.write(RawPeer.frame(type, id++, p));
        }
        return out.toByteArray();
    }
}
