package org.karmi.dgc.cluster.internal;

import java.util.function.Function;

/**
 * Settings of the cluster collector, with defaults as named constants: from system properties
 * ({@code karmi.dgc.cluster.*}) outside OSGi, from the metatype configuration in OSGi.
 * Immutable; thread-safe.
 *
 * @param batchWindowMillis how long the flusher, woken by a first decrement, waits for more
 *                          before it sends (0: at once); the lag of an object's
 *                          {@code unreferenced()} grows by up to this much per tree level
 * @param maxIdsPerMessage  most decrement entries in one message; more are split
 */
public record ClusterConfig(long batchWindowMillis, int maxIdsPerMessage) {

    /** Prefix of the system properties read by {@link #fromSystemProperties()}. */
    public static final String PROPERTY_PREFIX = "karmi.dgc.cluster.";

    /**
     * A few milliseconds: long enough to gather the decrements of a burst (a garbage
     * collection frees many stubs at once) into one message per node, short against the
     * time an application waits for {@code unreferenced()}.
     */
    public static final long DEFAULT_BATCH_WINDOW_MILLIS = 5;
    /** 1024 entries: at most 20 485 bytes per message (every entry for a third node's object). */
    public static final int DEFAULT_MAX_IDS_PER_MESSAGE = 1024;
    /** Longest batch window accepted. */
    public static final long MAX_BATCH_WINDOW_MILLIS = 10_000;

    public ClusterConfig {
        if (batchWindowMillis < 0 || batchWindowMillis > MAX_BATCH_WINDOW_MILLIS) {
            throw new IllegalArgumentException("cluster collector batchWindowMillis must be 0.." + MAX_BATCH_WINDOW_MILLIS
                    + ": " + batchWindowMillis);
        }
        if (maxIdsPerMessage < 1 || maxIdsPerMessage > DecrementDescriptor.MAX_SECTION_ENTRIES) {
            throw new IllegalArgumentException("cluster collector maxIdsPerMessage must be 1.."
                    + DecrementDescriptor.MAX_SECTION_ENTRIES + ": " + maxIdsPerMessage);
        }
    }

    /** The defaults. */
    public static ClusterConfig defaults() {
        return new ClusterConfig(DEFAULT_BATCH_WINDOW_MILLIS, DEFAULT_MAX_IDS_PER_MESSAGE);
    }

    /** The defaults overridden by the system properties {@code karmi.dgc.cluster.<name>}. */
    public static ClusterConfig fromSystemProperties() {
        return from(name -> System.getProperty(PROPERTY_PREFIX + name));
    }

    /**
     * The defaults overridden by the values {@code lookup} returns for {@code batchWindowMillis}
     * and {@code maxIdsPerMessage}; null or blank means "default".
     *
     * @throws IllegalArgumentException naming a value that is not a number or out of range
     */
    public static ClusterConfig from(Function<String, String> lookup) {
        return new ClusterConfig(number(lookup, "batchWindowMillis", DEFAULT_BATCH_WINDOW_MILLIS),
                (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE,
                        number(lookup, "maxIdsPerMessage", DEFAULT_MAX_IDS_PER_MESSAGE))));
    }

    private static long number(Function<String, String> lookup, String name, long dflt) {
        String v = lookup.apply(name);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("cluster collector setting " + name + " is not a number: '" + v + "'");
        }
    }
}
