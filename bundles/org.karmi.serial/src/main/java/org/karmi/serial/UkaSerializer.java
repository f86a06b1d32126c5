package org.karmi.serial;

import org.karmi.serial.internal.ClassRegistry;
import org.karmi.serial.internal.StreamFormat;
import org.karmi.serial.internal.UkaInput;
import org.karmi.serial.internal.UkaOutput;
import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.Serializer;

/**
 * The UKA-serialization as a {@link Serializer} named {@value #NAME}: makes output/input
 * stream pairs that share one class registry (marshallers, computed once per class). Use it
 * directly outside OSGi:
 *
 * <pre>
 * UkaSerializer uka = new UkaSerializer(UkaConfig.builder().allow("com.acme.*").build());
 * MarshalOutput out = uka.newOutput();      // one per connection and direction
 * WireBuffer buf = new WireBuffer(256);
 * buf.clearForWrite(0); out.begin(buf); out.writeObject(obj); out.finish(); out.resetObjects();
 * MarshalInput in = uka.newInput();
 * buf.flipForRead(0, buf.position); in.begin(buf, loader, null); Object copy = in.readObject(); in.resetObjects();
 * </pre>
 *
 * <p>Threading: thread-safe; each stream it makes is not.
 */
public final class UkaSerializer implements Serializer {

    /** The serializer's name. */
    public static final String NAME = "uka";

    private final UkaConfig config;
    private final ClassRegistry registry;

    /** System property read by {@link #UkaSerializer()}: comma-separated allow-list patterns. */
    public static final String ALLOW_PROPERTY = "karmi.serial.allow";

    /**
     * A serializer with the default limits whose allow-list is the system property
     * {@value #ALLOW_PROPERTY} (comma-separated patterns as {@link UkaConfig.Builder#allow(String...)}
     * takes them, e.g. {@code org.acme.**,org.other.Point}); used by {@code ServiceLoader}.
     */
    public UkaSerializer() {
        this(fromSystemProperties());
    }

    static UkaConfig fromSystemProperties() {
        String allow = System.getProperty(ALLOW_PROPERTY, "");
        return allow.isBlank() ? UkaConfig.defaults() : UkaConfig.builder().allow(allow.split(",")).build();
    }

    public UkaSerializer(UkaConfig config) {
        this.config = config;
        this.registry = new ClassRegistry(config.generatedMarshallers(), config.runtimeGeneratedMarshallers(),
                config.marshallers());
    }

    public UkaConfig config() {
        return config;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public int version() {
        return StreamFormat.VERSION;
    }

    @Override
    public MarshalOutput newOutput(RemoteObjectCodec remotes) {
        return new UkaOutput(registry, remotes, config.maxDepth(), config.maxTypes());
    }

    @Override
    public MarshalInput newInput(RemoteObjectCodec remotes) {
        return new UkaInput(registry, remotes, config::allows, config.maxDepth(), config.maxObjects(),
                config.maxTypes());
    }

    /** An output stream without remote-object support (remote objects are serialized like others). */
    public MarshalOutput newOutput() {
        return newOutput(null);
    }

    /** An input stream without remote-object support. */
    public MarshalInput newInput() {
        return newInput(null);
    }
}
