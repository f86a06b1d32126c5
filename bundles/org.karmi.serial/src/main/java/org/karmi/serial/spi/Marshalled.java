package org.karmi.serial.spi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Asks the KaRMI annotation processor ({@code org.karmi.codegen}) to generate an explicit
 * {@link Marshaller} for the annotated {@link java.io.Serializable} class at compile time: it
 * writes the fields straight into the buffer, with no reflection at run time, and produces
 * exactly the bytes of the run-time marshaller (so either end may use either). The class must
 * not use the JDK's serialization hooks ({@code writeObject}, {@code readObject},
 * {@code writeReplace}, {@code readResolve}, {@code readObjectNoData}) nor be
 * {@link java.io.Externalizable}; the processor reports an error otherwise.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Marshalled {
}
