package org.karmi.serial.jdk.internal;

import java.io.InputStream;
import java.io.OutputStream;

import org.karmi.spi.transport.WireBuffer;

/**
 * {@link java.io.InputStream}/{@link java.io.OutputStream} views of a {@link WireBuffer}, so
 * that JDK object streams read and write a technology's buffer directly. Not thread-safe.
 */
final class WireBufferStreams {

    private WireBufferStreams() {
    }

    /** Appends to the buffer at its position, growing it. */
    static final class Out extends OutputStream {
        private final WireBuffer buffer;

        Out(WireBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        public void write(int b) {
            buffer.writeByte(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            buffer.writeBytes(b, off, len);
        }
    }

    /** Reads {@code [position, limit)} of the buffer, advancing its position. */
    static final class In extends InputStream {
        private final WireBuffer buffer;

        In(WireBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        public int read() {
            return buffer.position < buffer.limit ? buffer.array[buffer.position++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            int n = Math.min(len, buffer.limit - buffer.position);
            if (n <= 0) {
                return len == 0 ? 0 : -1;
            }
            System.arraycopy(buffer.array, buffer.position, b, off, n);
            buffer.position += n;
            return n;
        }

        @Override
        public int available() {
            return buffer.limit - buffer.position;
        }

        @Override
        public long skip(long n) {
            int k = (int) Math.max(0, Math.min(n, buffer.limit - buffer.position));
            buffer.position += k;
            return k;
        }
    }
}
