package org.karmi.serial.spi;

import java.io.IOException;

import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.transport.WireBuffer;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The UKA input stream as seen by a {@link Marshaller}: a {@link SerialInput} whose buffer is
 * public. Before reading primitives straight from {@link #buffer()}, call
 * {@link WireBuffer#require(int)}; before allocating anything whose length came from the
 * stream, check it with {@link #readLength(int)}.
 *
 * <p>Threading: one message at a time, on the thread that called {@code begin}.
 */
@ProviderType
public interface MarshalInput extends SerialInput {

    /** The buffer of the current message; {@code [position, limit)} is still unread. */
    WireBuffer buffer();

    /** Reads an unsigned LEB128 varint (at most 5 bytes). */
    int readVarInt() throws IOException;

    /**
     * Reads a varint length and checks that at least {@code length * minBytesPerElement}
     * bytes remain and that the message's element budget has room for {@code length} more
     * elements, so that allocating {@code length} elements is safe. The budget bounds what
     * all the lengths of one message claim together (at most twice its bytes plus 4096
     * elements), since claims nested in each other may each fit in the bytes left; a message
     * whose elements take at least one byte each never reaches it.
     *
     * @throws java.io.StreamCorruptedException if negative, longer than the rest of the message
     *         or beyond the message's element budget
     */
    int readLength(int minBytesPerElement) throws IOException;

    /** Reads what {@link MarshalOutput#writeString(String)} wrote. */
    String readString() throws IOException;

    /**
     * Registers the object being read (just instantiated, fields not yet read) so that
     * back-references to it from its own fields resolve. Returns {@code object}.
     */
    <T> T reference(T object);
}
