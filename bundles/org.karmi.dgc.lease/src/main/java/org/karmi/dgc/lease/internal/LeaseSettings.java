package org.karmi.dgc.lease.internal;

import java.util.function.UnaryOperator;

/**
 * The lease collector's settings, with their defaults as named constants, the retry delays
 * derived from them, and readers for the system properties used outside OSGi. Immutable.
 *
 * @param leaseMillis      the lease this node asks its objects' owners for, and the longest it
 *                         grants to the holders of its own objects
 * @param cleanBatchMillis how long a CLEAN waits for more dropped references of the same owner
 *                         before it is sent, so that a burst of dropped stubs costs one message
 * @param maxCleanRetries  how often a CLEAN that got no answer is sent again before this node
 *                         gives up and lets the lease expire on its own
 */
record LeaseSettings(long leaseMillis, long cleanBatchMillis, int maxCleanRetries) {

    /** java.rmi's default lease: ten minutes. */
    static final long DEFAULT_LEASE_MILLIS = 600_000;
    /** java.rmi's system property for the lease (milliseconds), honoured as the default lease. */
    static final String JAVA_RMI_LEASE_PROPERTY = "java.rmi.dgc.leaseValue";
    /** Default wait for more CLEANs of one owner. */
    static final long DEFAULT_CLEAN_BATCH_MILLIS = 500;
    /** Default number of CLEAN retries (java.rmi retries a failed clean call as often). */
    static final int DEFAULT_MAX_CLEAN_RETRIES = 5;
    /** Shortest lease accepted: renewals run at half the lease, retries at a sixteenth. */
    static final long MIN_LEASE_MILLIS = 10;
    /** First retry delay of a failed DIRTY or CLEAN (at most a sixteenth of the lease); it doubles per failure. */
    static final long FIRST_RETRY_MILLIS = 1_000;
    /** Prefix of the system properties read by {@link #fromProperties} outside OSGi. */
    static final String PROPERTY_PREFIX = "karmi.dgc.lease.";

    /** The settings of java.rmi: the lease of {@value #JAVA_RMI_LEASE_PROPERTY} or ten minutes, default batching. */
    static final LeaseSettings DEFAULTS = new LeaseSettings(DEFAULT_LEASE_MILLIS, DEFAULT_CLEAN_BATCH_MILLIS,
            DEFAULT_MAX_CLEAN_RETRIES);

    LeaseSettings {
        if (leaseMillis < MIN_LEASE_MILLIS) {
            throw new IllegalArgumentException("lease collector: leaseMillis must be >= " + MIN_LEASE_MILLIS
                    + " ms, is " + leaseMillis);
        }
        if (cleanBatchMillis < 0 || maxCleanRetries < 0) {
            throw new IllegalArgumentException("lease collector: cleanBatchMillis and maxCleanRetries must be >= 0, are "
                    + cleanBatchMillis + " and " + maxCleanRetries);
        }
    }

    /**
     * Settings from properties: {@code karmi.dgc.lease.leaseMillis}, {@code .cleanBatchMillis},
     * {@code .maxCleanRetries}; a lease not set there comes from {@value #JAVA_RMI_LEASE_PROPERTY},
     * else {@value #DEFAULT_LEASE_MILLIS}.
     *
     * @param properties property name to value, {@code null} if not set (e.g. {@code System::getProperty})
     * @throws IllegalArgumentException if a value is not a number or out of range
     */
    static LeaseSettings fromProperties(UnaryOperator<String> properties) {
        String lease = properties.apply(PROPERTY_PREFIX + "leaseMillis");
        return new LeaseSettings(
                lease != null ? parse(PROPERTY_PREFIX + "leaseMillis", lease) : defaultLeaseMillis(properties),
                number(properties, PROPERTY_PREFIX + "cleanBatchMillis", DEFAULT_CLEAN_BATCH_MILLIS),
                (int) Math.min(Integer.MAX_VALUE,
                        number(properties, PROPERTY_PREFIX + "maxCleanRetries", DEFAULT_MAX_CLEAN_RETRIES)));
    }

    /** The lease of {@value #JAVA_RMI_LEASE_PROPERTY} if set, else {@value #DEFAULT_LEASE_MILLIS}. */
    static long defaultLeaseMillis(UnaryOperator<String> properties) {
        return number(properties, JAVA_RMI_LEASE_PROPERTY, DEFAULT_LEASE_MILLIS);
    }

    /** Settings from the component's configuration; a lease of 0 means {@link #defaultLeaseMillis}. */
    static LeaseSettings from(LeaseConfiguration config, UnaryOperator<String> properties) {
        long lease = config.leaseMillis() != 0 ? config.leaseMillis() : defaultLeaseMillis(properties);
        return new LeaseSettings(lease, config.cleanBatchMillis(), config.maxCleanRetries());
    }

    /** This settings with another lease. */
    LeaseSettings withLeaseMillis(long lease) {
        return new LeaseSettings(lease, cleanBatchMillis, maxCleanRetries);
    }

    /**
     * Delay before retrying a DIRTY or CLEAN after its {@code failures}-th failure in a row:
     * {@value #FIRST_RETRY_MILLIS} ms (at most a sixteenth of the lease), doubling, at most an
     * eighth of the lease, so that a renewal due at half a lease is retried several times before
     * the lease runs out.
     */
    static long retryDelayMillis(long lease, int failures) {
        long first = Math.max(1, Math.min(FIRST_RETRY_MILLIS, lease / 16));
        long delay = first << Math.min(Math.max(failures - 1, 0), 20);
        return Math.min(delay, Math.max(1, lease / 8));
    }

    private static long number(UnaryOperator<String> properties, String name, long otherwise) {
        String value = properties.apply(name);
        return value == null ? otherwise : parse(name, value);
    }

    private static long parse(String name, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("lease collector: " + name + " is not a number of milliseconds: '"
                    + value + "'", e);
        }
    }
}
