package org.karmi.serial;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.util.Arrays;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.spi.transport.WireBuffer;

/**
 * One connection's stream pair in a test: writes messages and reads them back through a fresh
 * buffer copy, as two ends of a connection would.
 */
final class Trip {

    /**
     * The three ways the tests run: marshallers generated at compile time, generated at run time
     * (hidden classes), interpreted (reflection).
     */
    enum Mode { GENERATED, RUNTIME, INTERPRETED }

    final UkaSerializer serializer;
    final MarshalOutput out;
    final MarshalInput in;
    final WireBuffer writeBuffer = new WireBuffer(16);
    ObjectInputFilter filter;
    byte[] lastBytes;

    Trip(UkaConfig config) {
        this(new UkaSerializer(config));
    }

    /** A new connection of an existing serializer (its class registry is already warm). */
    Trip(UkaSerializer serializer) {
        this.serializer = serializer;
        out = serializer.newOutput();
        in = serializer.newInput();
    }

    static UkaConfig.Builder config(Mode mode) {
        return UkaConfig.builder().allow("org.karmi.serial.*").generatedMarshallers(mode == Mode.GENERATED)
                .runtimeGeneratedMarshallers(mode != Mode.INTERPRETED);
    }

    static Trip of(Mode mode) {
        return new Trip(config(mode).build());
    }

    /** Writes one message with {@code objects}, resets objects, returns the bytes. */
    byte[] write(Object... objects) throws IOException {
        writeBuffer.clearForWrite(0);
        out.begin(writeBuffer);
        for (Object o : objects) {
            out.writeObject(o);
        }
        out.finish();
        out.resetObjects();
        lastBytes = Arrays.copyOf(writeBuffer.array, writeBuffer.position);
        return lastBytes;
    }

    /** Reads {@code count} objects of one message from {@code bytes}; checks every byte was used. */
    Object[] read(byte[] bytes, int count) throws IOException, ClassNotFoundException {
        WireBuffer b = new WireBuffer(bytes.length + 8);
        System.arraycopy(bytes, 0, b.array, 3, bytes.length);
        b.flipForRead(3, 3 + bytes.length);
        in.begin(b, Trip.class.getClassLoader(), filter);
        Object[] r = new Object[count];
        for (int i = 0; i < count; i++) {
            r[i] = in.readObject();
        }
        in.resetObjects();
        if (b.remaining() != 0) {
            throw new AssertionError(b.remaining() + " bytes left unread");
        }
        return r;
    }

    @SuppressWarnings("unchecked")
    <T> T roundTrip(T value) throws IOException, ClassNotFoundException {
        return (T) read(write(value), 1)[0];
    }

    static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x & 0xFF));
        }
        return s.toString();
    }

    static byte[] unhex(String h) {
        h = h.replaceAll("\\s+", "");
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
