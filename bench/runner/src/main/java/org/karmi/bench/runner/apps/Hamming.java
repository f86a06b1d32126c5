package org.karmi.bench.runner.apps;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.karmi.bench.runner.remote.HammingStream;

/**
 * Hamming's problem (Salishan problems): given primes a, b, c, ... (every second prime)
 * output in increasing order all numbers a^i b^j c^k ... up to a limit. The distributed run
 * keeps one {@link HammingStream} per prime on other nodes and drives them from a thread per
 * stream: only primitive arguments, several threads per client, little work each.
 */
public final class Hamming {

    private Hamming() {
    }

    /** Every second prime: 2, 5, 11, 17, 23, 31, ...; {@code count} of them. */
    public static long[] everySecondPrime(int count) {
        long[] out = new long[count];
        int found = 0;
        int k = 0;
        for (long p = 2; found < count; p++) {
            if (isPrime(p)) {
                if (k++ % 2 == 0) {
                    out[found++] = p;
                }
            }
        }
        return out;
    }

    private static boolean isPrime(long p) {
        for (long d = 2; d * d <= p; d++) {
            if (p % d == 0) {
                return false;
            }
        }
        return true;
    }

    /** The sequence computed sequentially. */
    public static List<Long> sequential(long[] primes, long limit) {
        List<Long> h = new ArrayList<>();
        h.add(1L);
        int[] idx = new int[primes.length];
        while (true) {
            long next = Long.MAX_VALUE;
            for (int i = 0; i < primes.length; i++) {
                next = Math.min(next, h.get(idx[i]) * primes[i]);
            }
            if (next > limit) {
                return h;
            }
            h.add(next);
            for (int i = 0; i < primes.length; i++) {
                if (h.get(idx[i]) * primes[i] == next) {
                    idx[i]++;
                }
            }
        }
    }

    /** The sequence computed by the remote streams, one driver thread per stream from {@code pool}. */
    public static List<Long> distributed(List<HammingStream> streams, long[] primes, long limit, ExecutorService pool)
            throws Exception {
        int k = streams.size();
        List<Callable<Long>> resets = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            HammingStream s = streams.get(i);
            long p = primes[i];
            resets.add(() -> {
                s.reset(p);
                return 0L;
            });
        }
        all(pool, resets);
        List<Callable<Long>> peeks = new ArrayList<>();
        for (HammingStream s : streams) {
            peeks.add(s::peek);
        }
        List<Long> h = new ArrayList<>();
        h.add(1L);
        long[] value = new long[1];
        List<Callable<Long>> appends = new ArrayList<>();
        for (HammingStream s : streams) {
            appends.add(() -> {
                s.append(value[0]);
                return 0L;
            });
        }
        while (true) {
            long next = Long.MAX_VALUE;
            for (long c : all(pool, peeks)) {
                next = Math.min(next, c);
            }
            if (next > limit) {
                return h;
            }
            h.add(next);
            value[0] = next;
            all(pool, appends);
        }
    }

    private static long[] all(ExecutorService pool, List<Callable<Long>> tasks) throws Exception {
        List<Future<Long>> futures = pool.invokeAll(tasks);
        long[] out = new long[futures.size()];
        for (int i = 0; i < out.length; i++) {
            try {
                out[i] = futures.get(i).get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception ex ? ex : e;
            }
        }
        return out;
    }
}
