package org.karmi.serial.jdk;

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
 * {@code service.ranking}). Stateless and thread-safe; also found by {@link java.util.ServiceLoader}.
 */
@Component(service = Serializer.class, property = {
        Serializer.PROPERTY_NAME + "=" + JdkSerializer.NAME,
        "service.ranking:Integer=0" })
public final class JdkSerializer implements Serializer {

    /** This serializer's name. */
    public static final String NAME = "jdk";
    /** Stream format version: JDK serialization's stream protocol 2, framed as in SERIALIZATION.md. */
    public static final int VERSION = 1;

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
        return new JdkSerialInput(remotes);
    }
}
