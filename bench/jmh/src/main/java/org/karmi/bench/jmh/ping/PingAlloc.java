package org.karmi.bench.jmh.ping;

import java.lang.management.ManagementFactory;

/**
 * Measures what a KaRMI {@code void ping()} allocates on the calling thread once warm (the
 * target: at most one object per call), with the JDK's per-thread allocation counter
 * ({@code com.sun.management.ThreadMXBean}). Prints bytes per call for each serializer.
 *
 * <pre>java -cp bench/jmh/target/karmi-bench-jmh.jar org.karmi.bench.jmh.ping.PingAlloc [uka|jdk ...]</pre>
 */
public final class PingAlloc {

    private static final int WARM_UP_CALLS = 200_000;
    private static final int MEASURED_CALLS = 100_000;

    private PingAlloc() {
    }

    public static void main(String[] args) {
        String[] serializers = args.length == 0 ? new String[] {"uka", "jdk"} : args;
        int failures = 0;
        for (String s : serializers) {
            try {
                System.out.println(s + ": " + measure(s));
            } catch (Exception | LinkageError e) {
                failures++;
                System.out.println(s + ": not measured: " + e);
            }
        }
        System.exit(failures == 0 ? 0 : 1);
    }

    /** Bytes the calling thread allocates per call, once warm. */
    public static double callerBytesPerCall(String serializer) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        try (TwoNodes nodes = new TwoNodes(serializer)) {
            Ping stub = nodes.stub;
            for (int i = 0; i < WARM_UP_CALLS; i++) {
                stub.ping();
            }
            long bytes0 = threads.getThreadAllocatedBytes(self);
            for (int i = 0; i < MEASURED_CALLS; i++) {
                stub.ping();
            }
            return (threads.getThreadAllocatedBytes(self) - bytes0) / (double) MEASURED_CALLS;
        }
    }

    /** One line: caller bytes per call and ns per call. */
    public static String measure(String serializer) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        try (TwoNodes nodes = new TwoNodes(serializer)) {
            Ping stub = nodes.stub;
            for (int i = 0; i < WARM_UP_CALLS; i++) {
                stub.ping();
            }
            long bytes0 = threads.getThreadAllocatedBytes(self);
            long t0 = System.nanoTime();
            for (int i = 0; i < MEASURED_CALLS; i++) {
                stub.ping();
            }
            long t1 = System.nanoTime();
            long bytes1 = threads.getThreadAllocatedBytes(self);
            double perCall = (bytes1 - bytes0) / (double) MEASURED_CALLS;
            return String.format(java.util.Locale.ROOT,
                    "%.1f bytes allocated per call on the caller (about %.1f objects of 16 bytes), %.1f us per call, %d calls served",
                    perCall, perCall / 16, (t1 - t0) / 1000.0 / MEASURED_CALLS, nodes.server.calls());
        }
    }
}
