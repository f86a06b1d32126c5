package org.karmi.bench.runner;

import java.util.Arrays;
import java.util.List;

/** Order statistics over samples. Stateless. */
public final class Stats {

    private Stats() {
    }

    /** The q-quantile (0..1) of sorted values, by nearest rank. */
    public static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    public static double quantile(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    public static double median(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        if (s.length == 0) {
            return Double.NaN;
        }
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    public static double median(List<Double> values) {
        return median(values.stream().mapToDouble(Double::doubleValue).toArray());
    }

    public static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    /** Latency summary of pooled samples (ns) and of the repetitions' medians. */
    public record Summary(long samples, double medianNs, double p99Ns, double meanNs, double repSpread) {

        /** Pools the repetitions' samples. */
        public static Summary of(List<long[]> repetitions) {
            int n = repetitions.stream().mapToInt(r -> r.length).sum();
            long[] all = new long[n];
            int k = 0;
            double[] repMedians = new double[repetitions.size()];
            for (int r = 0; r < repetitions.size(); r++) {
                long[] rep = repetitions.get(r);
                System.arraycopy(rep, 0, all, k, rep.length);
                k += rep.length;
                long[] s = rep.clone();
                Arrays.sort(s);
                repMedians[r] = quantile(s, 0.5);
            }
            Arrays.sort(all);
            double median = quantile(all, 0.5);
            double spread = repMedians.length < 2 ? 0
                    : (Arrays.stream(repMedians).max().orElse(0) - Arrays.stream(repMedians).min().orElse(0)) / median;
            return new Summary(n, median, quantile(all, 0.99), Arrays.stream(all).average().orElse(Double.NaN), spread);
        }
    }
}
