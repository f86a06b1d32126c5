package org.karmi.serial.internal;

import java.util.Map;

import org.karmi.serial.UkaConfig;
import org.karmi.serial.UkaSerializer;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.serial.Serializer;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Registers the {@code uka} {@link Serializer} in OSGi: a thin adapter over
 * {@link UkaSerializer}, configured by the component properties {@code maxDepth},
 * {@code maxObjects}, {@code maxTypes} and {@code allow} (a String, comma-separated, or a String[] of patterns: class names, {@code package.*} or {@code package.**}).
 *
 * <p>Threading: thread-safe (delegates to a thread-safe serializer).
 */
@Component(service = Serializer.class, configurationPid = "org.karmi.serial.uka",
        property = {Serializer.PROPERTY_NAME + "=" + UkaSerializer.NAME, "service.ranking:Integer=10"})
public final class UkaSerializerComponent implements Serializer {

    private final UkaSerializer delegate;

    @Activate
    public UkaSerializerComponent(Map<String, Object> properties) {
        this.delegate = new UkaSerializer(configFrom(properties));
    }

    /** The configuration of component properties (public for tests; the package is not exported). */
    public static UkaConfig configFrom(Map<String, Object> p) {
        UkaConfig.Builder b = UkaConfig.builder();
        Object v;
        if ((v = p.get("maxDepth")) != null) {
            b.maxDepth(Integer.parseInt(v.toString()));
        }
        if ((v = p.get("maxObjects")) != null) {
            b.maxObjects(Integer.parseInt(v.toString()));
        }
        if ((v = p.get("maxTypes")) != null) {
            b.maxTypes(Integer.parseInt(v.toString()));
        }
        if ((v = p.get("allow")) != null) {
            if (v instanceof String[]) {
                b.allow((String[]) v);
            } else if (v instanceof java.util.Collection) {
                for (Object pattern : (java.util.Collection<?>) v) {
                    b.allow(pattern.toString().split(","));
                }
            } else {
                b.allow(v.toString().split(","));
            }
        }
        return b.build();
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public int version() {
        return delegate.version();
    }

    @Override
    public SerialOutput newOutput(RemoteObjectCodec remotes) {
        return delegate.newOutput(remotes);
    }

    @Override
    public SerialInput newInput(RemoteObjectCodec remotes) {
        return delegate.newInput(remotes);
    }
}
