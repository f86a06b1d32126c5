package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Maps shared-memory files and accesses their words with explicit memory order. The mapping
 * stays valid after the file is deleted and is released when the buffer is collected (Java 17
 * has no explicit unmap without {@code Unsafe}). Stateless; thread-safe.
 */
final class ShmFile {

    static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ShmFile() {
    }

    /** Creates a new file of {@code length} zero bytes (fails if it exists) and maps it. */
    static MappedByteBuffer createNew(Path path, int length) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            ch.truncate(length);
            ch.write(ByteBuffer.wrap(new byte[1]), length - 1L); // size the file; tmpfs pages stay lazy
            return map(ch, length);
        }
    }

    /**
     * Maps an existing file.
     *
     * @throws IOException if it is missing or shorter than {@code minLength}
     */
    static MappedByteBuffer open(Path path, int minLength) throws IOException {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            if (size < minLength || size > Integer.MAX_VALUE) {
                throw new IOException("shared-memory file " + path + " has " + size + " bytes, expected at least "
                        + minLength);
            }
            return map(ch, (int) size);
        }
    }

    private static MappedByteBuffer map(FileChannel ch, int length) throws IOException {
        MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_WRITE, 0, length);
        b.order(ByteOrder.LITTLE_ENDIAN);
        return b;
    }

    static int getInt(ByteBuffer b, int index) {
        return (int) INT.get(b, index);
    }

    static void putInt(ByteBuffer b, int index, int v) {
        INT.set(b, index, v);
    }

    static int getIntAcquire(ByteBuffer b, int index) {
        return (int) INT.getAcquire(b, index);
    }

    static void putIntRelease(ByteBuffer b, int index, int v) {
        INT.setRelease(b, index, v);
    }

    static long getLong(ByteBuffer b, int index) {
        return (long) LONG.get(b, index);
    }

    static void putLong(ByteBuffer b, int index, long v) {
        LONG.set(b, index, v);
    }

    static long getLongAcquire(ByteBuffer b, int index) {
        return (long) LONG.getAcquire(b, index);
    }

    static void putLongRelease(ByteBuffer b, int index, long v) {
        LONG.setRelease(b, index, v);
    }

    static int getAndAddInt(ByteBuffer b, int index, int delta) {
        return (int) INT.getAndAdd(b, index, delta);
    }

    /** A slice {@code [offset, offset + length)} of a mapped buffer, for a ring. */
    static ByteBuffer slice(ByteBuffer b, int offset, int length) {
        return b.slice(offset, length).order(ByteOrder.LITTLE_ENDIAN);
    }
}
