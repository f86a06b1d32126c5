package org.karmi.serial.spi;

import java.io.IOException;

import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.transport.WireBuffer;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The UKA output stream as seen by a {@link Marshaller}: a {@link SerialOutput} whose buffer is
 * public. Primitives may be written straight into {@link #buffer()} (call
 * {@link WireBuffer#ensure(int)} first; multi-byte values are little-endian, fixed width);
 * references go through {@link #writeObject(Object)}, which writes type and identity.
 *
 * <p>Threading: one message at a time, on the thread that called {@code begin}.
 */
@ProviderType
public interface MarshalOutput extends SerialOutput {

    /** The buffer of the current message; {@code position} is where the next byte goes. */
    WireBuffer buffer();

    /** Writes {@code value} as an unsigned LEB128 varint: 1 byte below 128, at most 5 bytes. */
    void writeVarInt(int value);

    /**
     * Writes a non-null string's characters without type or identity: a varint
     * {@code length << 1 | coding} then one byte a char (coding 0, every char below 256) or two
     * bytes a char little-endian UTF-16 (coding 1). Read back with
     * {@link MarshalInput#readString()}. {@link #writeUTF(String)} writes the same.
     */
    void writeString(String value) throws IOException;
}
