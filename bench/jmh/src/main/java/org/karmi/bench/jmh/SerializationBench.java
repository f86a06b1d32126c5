package org.karmi.bench.jmh;

import java.util.concurrent.TimeUnit;

import org.karmi.bench.jmh.codecs.Codec;
import org.karmi.bench.jmh.codecs.Codecs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Serialization alone, write and read measured separately, one object per operation (the
 * papers' Table 2): {@link #write} serializes the object into the codec's reused buffer,
 * {@link #read} deserializes bytes written before the measurement. Each (codec, kind) runs
 * in its own fork, so call sites stay monomorphic as in an application that uses one
 * serializer. Run with {@code -prof gc} for allocation per operation. One state per thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SerializationBench {

    @Param({"uka", "ukaRt", "ukaFilter", "jdk", "jdkReset", "jdkSpi", "kryo", "fory"})
    public String codec;

    @Param({"int32", "int4null2", "tree15", "float50", "float5000", "byte50", "byte5000", "byte20000",
            "int50", "int5000", "int20000", "string1", "string100", "string1000", "string10000"})
    public String kind;

    private Codec c;
    private Object object;

    @Setup
    public void setUp() throws Exception {
        Kind k = Kind.valueOf(kind);
        object = k.create();
        c = Codecs.valueOf(codec).open(k.graph);
        Codec.steady(c, object);
        Object back = c.read();
        if (!Kind.same(object, back)) {
            throw new IllegalStateException(codec + " read back a different " + k.label + ": " + back);
        }
    }

    /** Serializes the object as one message; returns its size (consumed by JMH). */
    @Benchmark
    public int write() throws Exception {
        return c.write(object);
    }

    /** Deserializes the pre-written message. */
    @Benchmark
    public Object read() throws Exception {
        return c.read();
    }
}
