package org.karmi.serial.spi;

import java.io.IOException;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Writes the state of one object of type {@code T} into a {@link MarshalOutput} and reads it
 * back from a {@link MarshalInput} (in the style of Kryo's {@code Serializer<T>}). The stream
 * writes the object's type and keeps identity (back-references) itself; a marshaller writes
 * only the state, typically primitives straight into {@link MarshalOutput#buffer()} and
 * references through {@link MarshalOutput#writeObject(Object)}.
 *
 * <p>A marshaller of a class whose objects may be part of a cycle must call
 * {@link MarshalInput#reference(Object)} with the new instance right after creating it and
 * before reading any reference field, so that a back-reference to it from inside resolves.
 *
 * <p>Threading: marshallers are shared by all streams of a serializer and must be stateless
 * (or otherwise thread-safe).
 *
 * @param <T> the type marshalled
 */
@ConsumerType
public interface Marshaller<T> {

    /**
     * Name suffix of a marshaller generated at compile time: the marshaller of class
     * {@code p.Outer$Inner} is {@code p.Outer$Inner$$KarmiMarshaller}, loaded through the
     * class's own loader, public, with a public no-arg constructor.
     */
    String GENERATED_SUFFIX = "$$KarmiMarshaller";

    /**
     * The one byte a {@code null} reference takes in the stream. A marshaller may write it, or
     * test for it, straight in the buffer instead of calling {@code writeObject(null)} or
     * {@code readObject()}; every reference, {@code null} or not, takes at least one byte.
     */
    byte NULL_REFERENCE = 0;

    /** Writes the state of {@code object} (never {@code null}). */
    void write(MarshalOutput out, T object) throws IOException;

    /** Reads what {@link #write} wrote and returns the new object. */
    T read(MarshalInput in) throws IOException, ClassNotFoundException;
}
