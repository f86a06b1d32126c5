package org.karmi.bench.jmh.codecs;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * An unsynchronized, reusable byte-array output stream (the JDK's
 * {@code ByteArrayOutputStream} locks on every call, which would charge JDK serialization
 * for something RMI does not do). Not thread-safe.
 */
final class ByteSink extends OutputStream {

    private byte[] bytes = new byte[256];
    private int size;

    void clear() {
        size = 0;
    }

    int size() {
        return size;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    @Override
    public void write(int b) {
        if (size == bytes.length) {
            bytes = Arrays.copyOf(bytes, size * 2);
        }
        bytes[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        if (len > bytes.length - size) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + len));
        }
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }
}
