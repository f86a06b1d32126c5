package org.karmi.bench.runner;

import java.util.List;

import org.karmi.bench.runner.args.ArgumentFactory;
import org.karmi.bench.runner.args.Factories;

/**
 * How long and how much: iteration counts, problem sizes and the factories used. Three
 * presets: {@code smoke} (a few calls of everything, for tests), {@code quick} (at most five
 * minutes on a 2-core machine) and {@code full} (at most 45 minutes).
 */
public record Mode(String name,
                   long warmMaxMillis, long warmBatchMillis, int warmMinCalls,
                   int repetitions, long repMillis, int minIterations, int maxIterations,
                   List<ArgumentFactory> factories,
                   int starClients,
                   List<Integer> clientCounts, long throughputMillis,
                   long parallelMillis, int parallelClients,
                   int[] bandwidthLengths,
                   int appRepetitions, int hammingPrimes, long hammingLimit, int paraffinSize,
                   int sorSize, int sorIterations,
                   int[] stringLengths, int wireCalls) {

    public static Mode smoke() {
        return new Mode("smoke", 30, 5, 3, 2, 1, 2, 4, Factories.all(), 2,
                List.of(1, 2), 50, 100, 8,
                new int[] {50, 1000, 100_000},
                1, 3, 1_000, 8, 14, 3,
                new int[] {1, 1000, 2000, 5000, 10000}, 3);
    }

    public static Mode quick() {
        return new Mode("quick", 300, 15, 200, 3, 40, 10, 20_000, Factories.quick(), 4,
                List.of(1, 2, 4, 8), 400, 2_000, 8,
                new int[] {50, 1000, 20_000, 200_000, 1_000_000},
                3, 4, 1_000_000, 12, 82, 20,
                new int[] {1, 1000, 2000, 5000, 10000}, 20);
    }

    public static Mode full() {
        return new Mode("full", 1_500, 50, 2_000, 5, 200, 30, 200_000, Factories.all(), 4,
                List.of(1, 2, 4, 8, 16), 2_000, 30_000, 8,
                new int[] {50, 200, 1000, 5000, 20_000, 100_000, 200_000, 500_000, 1_000_000},
                5, 4, 1_000_000_000L, 15, 258, 40,
                new int[] {1, 1000, 2000, 5000, 10000}, 100);
    }

    /** A copy with another duration of the parallelism check. */
    public Mode withParallelMillis(long millis) {
        return new Mode(name, warmMaxMillis, warmBatchMillis, warmMinCalls, repetitions, repMillis, minIterations,
                maxIterations, factories, starClients, clientCounts, throughputMillis, millis, parallelClients,
                bandwidthLengths, appRepetitions, hammingPrimes, hammingLimit, paraffinSize, sorSize, sorIterations,
                stringLengths, wireCalls);
    }

    /** Iterations of one repetition for a call taking about {@code nanosPerCall}. */
    public int iterations(long nanosPerCall) {
        long n = repMillis * 1_000_000 / Math.max(1, nanosPerCall);
        return (int) Math.max(minIterations, Math.min(maxIterations, n));
    }
}
