package org.karmi.bench.jmh.codecs;

import java.io.InputStream;

/**
 * An unsynchronized byte-array input stream that can be pointed at new bytes and rewound.
 * Not thread-safe.
 */
final class ByteSource extends InputStream {

    private byte[] bytes = new byte[0];
    private int position;

    void set(byte[] newBytes) {
        bytes = newBytes;
        position = 0;
    }

    void rewind() {
        position = 0;
    }

    @Override
    public int read() {
        return position < bytes.length ? bytes[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        int n = Math.min(len, bytes.length - position);
        if (n <= 0) {
            return -1;
        }
        System.arraycopy(bytes, position, b, off, n);
        position += n;
        return n;
    }

    @Override
    public int available() {
        return bytes.length - position;
    }
}
