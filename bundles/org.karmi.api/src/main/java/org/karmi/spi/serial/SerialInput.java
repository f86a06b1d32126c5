package org.karmi.spi.serial;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputFilter;

import org.karmi.spi.transport.WireBuffer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Reads primitives and object graphs of one message out of a {@link WireBuffer}. It is an
 * {@link ObjectInput}; generated skeletons call its primitive readers directly.
 *
 * <p>Use per message: {@link #begin}, the reads, then {@link #resetObjects()}. Reading is
 * safe by default: classes are resolved only through the given loader, instantiated only
 * if the filter allows them, and every length is checked against the bytes present before
 * anything is allocated. A malformed stream gives a {@link java.io.StreamCorruptedException}
 * or {@link java.io.InvalidClassException} that says what was wrong, never an
 * {@link OutOfMemoryError} or a half-built object. Not thread-safe.
 */
@ConsumerType
public interface SerialInput extends ObjectInput {

    /**
     * Starts reading the message in {@code [buffer.position, buffer.limit)}.
     *
     * @param loader resolves class names: the loader of the bundle that exported the target
     *               object or declared the remote interface (never the thread context loader)
     * @param filter decides which classes may be instantiated; {@code null} = the
     *               serializer's default (the JVM-wide filter, if any)
     */
    void begin(WireBuffer buffer, ClassLoader loader, ObjectInputFilter filter) throws IOException;

    /** Forgets the objects read so far (back-references), keeping the type table. */
    void resetObjects();

    /** Forgets objects and types. */
    void resetAll();
}
