package org.karmi.bench.runner.args;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/** Makes the argument object of a kernel call. Implementations are immutable. */
public interface ArgumentFactory {

    /** The name used in tables and on the command line, for example {@code float[50]}. */
    String name();

    /** A new argument (the same value every time). */
    Object create();

    /** Size of the argument in JDK serialization, as a measure of bytes transferred. */
    default int jdkSerializedBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(create());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.size();
    }
}
