package org.karmi.spi.transport;

import java.nio.charset.StandardCharsets;

/**
 * A serializer's stream format as the {@link Handshake} names it: the serializer's name and
 * the version of its format. Two connection ends marshal with the same format, agreed in the
 * handshake. Immutable.
 *
 * @param name ASCII, 1..32 characters, e.g. {@code "uka"}, {@code "jdk"}
 * @param version version of the stream format (u16)
 * @since 1.7
 */
public record SerialFormat(String name, int version) {

    /** Longest name, in ASCII characters. */
    public static final int MAX_NAME_LENGTH = 32;

    public SerialFormat {
        if (name.isEmpty() || name.length() > MAX_NAME_LENGTH
                || !StandardCharsets.US_ASCII.newEncoder().canEncode(name)) {
            throw new IllegalArgumentException("bad serializer name: '" + name + "' (1.." + MAX_NAME_LENGTH + " ASCII characters)");
        }
        if (version < 0 || version > 0xffff) {
            throw new IllegalArgumentException("serializer version out of u16 range: " + version);
        }
    }

    @Override
    public String toString() {
        return name + "/" + version;
    }
}
