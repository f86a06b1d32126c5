package org.karmi.bench.jmh.codecs;

import java.io.ObjectInputFilter;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

import org.karmi.bench.runner.args.Int32;
import org.karmi.serial.UkaConfig;
import org.karmi.serial.UkaSerializer;
import org.karmi.spi.serial.Serializer;

/**
 * The serializer configurations the benchmarks compare. The constant's name is the JMH
 * parameter value; {@link #label} is the table's column name. KaRMI's serializers are found
 * by {@link ServiceLoader} and their {@link Serializer#name()}, so that a serializer whose
 * bundle is not installed yet is reported as not available, never faked. Immutable.
 */
public enum Codecs {
    /**
     * Ours: the UKA-serialization through the Serializer SPI, streams reused, resetObjects() per
     * message; the benchmark classes on its allow-list (as Kryo and Fory register them).
     */
    uka("UKA (ours)"),
    /** Ours with the run-time marshallers (compile-time generated ones switched off): a class the processor did not see. */
    ukaRt("UKA (run-time marshallers)"),
    /** Ours allowing the benchmark classes by a per-message ObjectInputFilter instead of the allow-list (not in the default set). */
    ukaFilter("UKA (filter)"),
    /** JDK serialization, fresh ObjectOutputStream / ObjectInputStream per object, as java.rmi does: the 100%. */
    jdk("JDK fresh"),
    /** JDK serialization, streams reused with reset() per object. */
    jdkReset("JDK reset()"),
    /**
     * The {@code jdk} KaRMI serializer through the Serializer SPI (fresh JDK stream per message);
     * the benchmark classes allowed by a per-message filter, as the reference layer's allows declared types.
     */
    jdkSpi("jdk SPI"),
    /** Kryo 5, classes registered, references only for graphs. */
    kryo("Kryo 5"),
    /** Apache Fory, Java mode, registration, codegen, references only for graphs. */
    fory("Fory");

    /**
     * The per-message filter {@code ukaFilter} and {@code jdkSpi} pass to {@code SerialInput.begin}:
     * allows the benchmark's own classes and leaves everything else to the serializer's defaults
     * (the UKA-serialization instantiates nothing it was not told about; built-in types are allowed).
     */
    static final ObjectInputFilter BENCH_OBJECTS = info -> {
        Class<?> c = info.serialClass();
        return c != null && c.getPackageName().equals(Int32.class.getPackageName())
                ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.UNDECIDED;
    };

    /** Column name in the tables. */
    public final String label;

    Codecs(String label) {
        this.label = label;
    }

    /**
     * A new codec of this configuration for objects that are graphs ({@code graph}) or flat.
     *
     * @throws UnavailableException if the serializer is not on the class path
     */
    public Codec open(boolean graph) throws Exception {
        switch (this) {
            case uka:
                return new SpiCodec(uka(true), null);
            case ukaRt:
                return new SpiCodec(uka(false), null);
            case ukaFilter:
                return new SpiCodec(karmiSerializer("uka"), BENCH_OBJECTS);
            case jdk:
                return new JdkFreshCodec();
            case jdkReset:
                return new JdkResetCodec();
            case jdkSpi:
                return new SpiCodec(karmiSerializer("jdk"), BENCH_OBJECTS);
            case kryo:
                return new KryoCodec(graph);
            case fory:
                return new ForyCodec(graph);
            default:
                throw new AssertionError(this);
        }
    }

    /** The configurations Table2 runs unless told otherwise. */
    public static final List<Codecs> DEFAULT = List.of(uka, ukaRt, jdk, jdkReset, jdkSpi, kryo, fory);

    /**
     * A UKA serializer whose allow-list holds the benchmark classes, with or without the
     * compile-time marshallers, after checking that {@code uka} is registered for ServiceLoader.
     */
    private static Serializer uka(boolean generatedMarshallers) throws UnavailableException {
        karmiSerializer("uka");
        return new UkaSerializer(UkaConfig.builder()
                .allow(Int32.class.getPackageName() + ".*")
                .generatedMarshallers(generatedMarshallers)
                .build());
    }

    /** The KaRMI serializer named {@code name}, found by ServiceLoader through this class's loader. */
    static Serializer karmiSerializer(String name) throws UnavailableException {
        Optional<Serializer> found = ServiceLoader.load(Serializer.class, Codecs.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get)
                .filter(s -> s.name().equals(name))
                .findFirst();
        return found.orElseThrow(() -> new UnavailableException(
                "no org.karmi.spi.serial.Serializer named '" + name + "' on the class path (META-INF/services)"));
    }

    /** A serializer configuration that cannot be run here, with the reason. */
    public static final class UnavailableException extends Exception {
        private static final long serialVersionUID = 1L;

        UnavailableException(String message) {
            super(message);
        }
    }
}
