package org.karmi.serial.spi;

import org.karmi.serial.internal.Instantiation;

/**
 * Creates instances of a serializable class the way JDK deserialization does: without running
 * the class's own constructors, only the no-arg constructor of its first non-serializable
 * superclass. Used by generated marshallers. Created once per class (costly), then cheap.
 *
 * <p>Threading: thread-safe.
 *
 * @param <T> the class instantiated
 */
@FunctionalInterface
public interface Instantiator<T> {

    /** A new, blank instance (every field at its default value). */
    T newInstance();

    /**
     * The instantiator of {@code type}.
     *
     * @throws IllegalArgumentException if {@code type} is abstract, an interface, not
     *         serializable, or its first non-serializable superclass has no accessible no-arg
     *         constructor
     */
    static <T> Instantiator<T> of(Class<T> type) {
        return Instantiation.of(type);
    }
}
