package org.karmi.bench.runner;

/**
 * One number of the run: a section, a constellation, a configuration and its measurements.
 * Times are in microseconds; {@code Double.NaN} where a field does not apply.
 *
 * @param section       kernel, app, floor, clients, types, parallel, wireless, bandwidth
 * @param constellation what was measured, for example {@code obj ping(obj) | float[50]}
 * @param config        the configuration's key
 * @param medianUs      median time (per call; per run for applications)
 * @param p99Us         99th percentile
 * @param meanUs        mean
 * @param samples       number of timed calls or runs
 * @param bytes         payload bytes (argument size in JDK serialization; bandwidth message size)
 * @param extra         further values as {@code key=value;...} (calls/s, MB/s, correct, bytes/call, ...)
 */
public record Row(String section, String constellation, String config, double medianUs, double p99Us,
                  double meanUs, long samples, double bytes, String extra) {

    /** The value of {@code key} in {@link #extra}, or {@code null}. */
    public String get(String key) {
        for (String kv : extra.split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0 && kv.substring(0, eq).equals(key)) {
                return kv.substring(eq + 1);
            }
        }
        return null;
    }

    /** The numeric value of {@code key}, or NaN. */
    public double number(String key) {
        String v = get(key);
        try {
            return v == null ? Double.NaN : Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
