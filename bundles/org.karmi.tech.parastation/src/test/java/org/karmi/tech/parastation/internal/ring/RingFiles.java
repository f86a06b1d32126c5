package org.karmi.tech.parastation.internal.ring;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Maps a file holding one ring (for tests that share a ring between processes). */
final class RingFiles {

    private RingFiles() {
    }

    static MappedByteBuffer map(Path file, int capacity) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            MappedByteBuffer b = ch.map(FileChannel.MapMode.READ_WRITE, 0, RingBufferDescriptor.totalLength(capacity));
            b.order(ByteOrder.LITTLE_ENDIAN);
            return b;
        }
    }
}
