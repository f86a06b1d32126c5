package org.karmi.serial.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;

/**
 * Marshals an enum constant as its varint ordinal (1 byte below 128 constants). Fingerprint:
 * {@code String.hashCode()} of the constant names joined by {@code ,}, so that ends with
 * different constants refuse each other. Constants are not tracked (no handle).
 *
 * <p>Threading: immutable after the lazy constant lookup (benign race).
 */
final class EnumMarshaller implements Marshaller<Object> {

    private final Class<?> type;
    private Object[] constants;

    EnumMarshaller(Class<?> type) {
        this.type = type;
    }

    static int fingerprint(Class<?> type) {
        StringBuilder sig = new StringBuilder();
        for (Object c : type.getEnumConstants()) {
            sig.append(((Enum<?>) c).name()).append(',');
        }
        return sig.toString().hashCode();
    }

    @Override
    public void write(MarshalOutput out, Object o) {
        out.writeVarInt(((Enum<?>) o).ordinal());
    }

    @Override
    public Object read(MarshalInput in) throws IOException {
        int ordinal = in.readVarInt();
        Object[] c = constants;
        if (c == null) {
            c = type.getEnumConstants();
            constants = c;
        }
        if (ordinal < 0 || ordinal >= c.length) {
            throw new StreamCorruptedException("enum " + type.getName() + " has no constant with ordinal " + ordinal);
        }
        return c[ordinal];
    }
}
