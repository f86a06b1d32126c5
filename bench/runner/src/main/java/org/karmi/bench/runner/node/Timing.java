package org.karmi.bench.runner.node;

import java.util.Arrays;

/** Timing loops over one {@link Kernel.Op}. Not thread-safe: one loop per thread. */
final class Timing {

    private Timing() {
    }

    /** Latencies of {@code iterations} calls, in nanoseconds. */
    static long[] measure(Kernel.Op op, int iterations) throws Exception {
        long[] ns = new long[iterations];
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            op.invoke();
            ns[i] = System.nanoTime() - t0;
        }
        return ns;
    }

    /**
     * Warms up until stable: batches of about {@code batchMillis}; stable when the medians of
     * the last three batches are within 10% of each other (at least {@code minCalls} calls),
     * or after {@code maxMillis}. Returns {stable median ns, calls made, 1 if stable}.
     */
    static long[] warmUp(Kernel.Op op, long maxMillis, long batchMillis, int minCalls) throws Exception {
        long deadline = System.nanoTime() + maxMillis * 1_000_000;
        long[] medians = new long[3];
        int batches = 0;
        int calls = 0;
        int batch = 8;
        while (true) {
            long[] ns = measure(op, batch);
            calls += batch;
            long median = median(ns);
            medians[batches++ % 3] = median;
            long total = Arrays.stream(ns).sum();
            if (total < batchMillis * 1_000_000 / 2 && batch < 100_000) {
                batch *= 2;
            }
            boolean stable = batches >= 3 && calls >= minCalls && spread(medians) <= 1.10;
            if (stable || System.nanoTime() > deadline) {
                return new long[] {median, calls, stable ? 1 : 0};
            }
        }
    }

    static long median(long[] ns) {
        long[] s = ns.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double spread(long[] m) {
        long min = Math.min(m[0], Math.min(m[1], m[2]));
        long max = Math.max(m[0], Math.max(m[1], m[2]));
        return min <= 0 ? 1.0 : (double) max / min;
    }
}
