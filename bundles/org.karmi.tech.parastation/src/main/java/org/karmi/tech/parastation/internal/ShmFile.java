package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Maps shared-memory files (their words are read and written through
 * {@link org.karmi.tech.parastation.internal.ring.ByteBufferAccess}). The mapping
 * stays valid after the file is deleted and is released when the buffer is collected (Java 17
 * has no explicit unmap without {@code Unsafe}). Stateless; thread-safe.
 */
final class ShmFile {

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

    /** A slice {@code [offset, offset + length)} of a mapped buffer, for a ring. */
    static ByteBuffer slice(ByteBuffer b, int offset, int length) {
        return b.slice(offset, length).order(ByteOrder.LITTLE_ENDIAN);
    }
}
