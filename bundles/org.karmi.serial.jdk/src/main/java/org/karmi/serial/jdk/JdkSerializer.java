package org.karmi.serial.jdk;

import java.util.function.Predicate;

import org.karmi.serial.jdk.internal.AllowPatterns;
import org.karmi.serial.jdk.internal.JdkSerialInput;
import org.karmi.serial.jdk.internal.JdkSerialOutput;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.serial.Serializer;
import org.osgi.service.component.annotations.Component;

/**
 * JDK serialization behind the {@link Serializer} SPI, named {@code jdk}: a fresh object
 * stream per message, as {@code java.rmi} does. It is the baseline of the benchmarks and a
 * fallback when the {@code uka} serializer is absent (it registers with a lower
 * {@code service.ranking}).
 *
 * <p>Reading is as safe as with {@code uka}: a class is instantiated only if the message's
 * filter allows it, it is a harmless JDK value (strings, boxes, primitive arrays,
 * {@code java.time}, the collections {@code uka} has built in, {@code java.*} enums and
 * exceptions), or it is on the allow-list, the system property {@code karmi.serial.allow}
 * (comma-separated {@code org.acme.Order}, {@code org.acme.*}, {@code org.acme.**} patterns, read
 * when the serializer is made); everything else is refused before it is instantiated, and the
 * JVM-wide filter ({@code jdk.serialFilter}) refusing a class always wins. Depth, references
 * and array sizes per message are bounded. Immutable and thread-safe; also found by
 * {@link java.util.ServiceLoader}.
 */
@Component(service = Serializer.class, property = {
        Serializer.PROPERTY_NAME + "=" + JdkSerializer.NAME,
        "service.ranking:Integer=0" })
public final class JdkSerializer implements Serializer {

    /** This serializer's name. */
    public static final String NAME = "jdk";
    /** Stream format version: JDK serialization's stream protocol 2, framed as in SERIALIZATION.md. */
    public static final int VERSION = 1;

    private final Predicate<Class<?>> allowList;

    /**
     * A serializer whose allow-list is the system property {@code karmi.serial.allow}.
     *
     * @throws IllegalArgumentException if the property holds a malformed pattern
     */
    public JdkSerializer() {
        this.allowList = AllowPatterns.parse(System.getProperty("karmi.serial.allow"));
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int version() {
        return VERSION;
    }

    @Override
    public SerialOutput newOutput(RemoteObjectCodec remotes) {
        return new JdkSerialOutput(remotes);
    }

    @Override
    public SerialInput newInput(RemoteObjectCodec remotes) {
        return new JdkSerialInput(remotes, allowList);
    }
}
