package org.karmi.bench.jmh.ping;

import java.util.concurrent.TimeUnit;

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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A KaRMI {@code void ping()} between two nodes of one JVM over TCP loopback: time per call,
 * and with {@code -prof gc} the allocation per call of the whole JVM (caller, the TCP
 * threads and the server side together; {@link PingAlloc} measures the caller alone).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms512m", "-Xmx512m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PingBench {

    @Param({"uka", "jdk"})
    public String serializer;

    private TwoNodes nodes;
    private Ping stub;

    @Setup
    public void setUp() throws Exception {
        nodes = new TwoNodes(serializer);
        stub = nodes.stub;
    }

    @TearDown
    public void tearDown() {
        nodes.close();
    }

    @Benchmark
    public void ping() throws Exception {
        stub.ping();
    }
}
