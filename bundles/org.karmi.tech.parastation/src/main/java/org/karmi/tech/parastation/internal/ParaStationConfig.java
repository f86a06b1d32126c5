package org.karmi.tech.parastation.internal;

import java.nio.file.Path;
import java.util.function.Function;

import org.karmi.tech.parastation.internal.ring.BackoffIdleStrategy;
import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.RingBuffer;
import org.karmi.tech.parastation.internal.ring.RingBufferDescriptor;

/**
 * Settings of the ParaStation technology, with defaults as named constants; built from system
 * properties ({@code karmi.parastation.*}) outside OSGi or from the metatype configuration in
 * OSGi. Immutable; thread-safe.
 */
public final class ParaStationConfig {

    /** Prefix of the system properties read by {@link #fromSystemProperties()}. */
    public static final String PROPERTY_PREFIX = "karmi.parastation.";

    public static final String DEFAULT_DOMAIN_DIRECTORY = "/dev/shm/karmi";
    public static final int DEFAULT_RING_CAPACITY = 1 << 20;
    /**
     * Back-off of a sender facing a full ring: a few spins, then many yields (the receiver is
     * draining; measured on the loaded 2-core machine, a 1 MB echo through a 1 MiB ring took
     * 1.9 ms median with 20 000 spins and 200 yields, 0.15-0.3 ms with 100 spins and 5 000 to
     * 20 000 yields), then parks.
     */
    public static final long DEFAULT_SPIN_TRIES = 100;
    public static final long DEFAULT_YIELD_TRIES = 10_000;
    public static final long DEFAULT_MIN_PARK_NS = 1_000;
    public static final long DEFAULT_MAX_PARK_NS = 2_000_000;
    public static final long DEFAULT_DEEP_IDLE_AFTER_MS = 1_000;
    public static final long DEFAULT_DEEP_PARK_NS = 20_000_000;
    /**
     * A receiver (caller awaiting a REPLY, server awaiting a CALL) spins this long first. Short
     * on purpose: when both ends share one core (a loaded 2-core machine) or more threads wait
     * than there are cores (pingpong: four threads), a spinning receiver delays the very thread
     * it waits for by its whole spin, while a yield on an otherwise idle core returns at once.
     * Measured with generated stubs on this machine (load 1.5-2): pingpong median 10 us at a
     * spin of 0-1 us, 14 us at 2 us, 17-37 us at 5 us, 49 us at 20 us; void ping() 0.42-0.44 us
     * at every spin when the two threads run on separate cores, 8 / 16 / 47 us (1 / 5 / 20 us
     * spin) when they share one.
     */
    public static final long DEFAULT_RECEIVE_SPIN_NS = 1_000;
    /**
     * ... then, holding one of the domain's permits to busy-wait ({@link SpinPermits}), yields
     * until this long after its last record, then sleeps on the doorbell. Without a permit it
     * sleeps at once.
     */
    public static final long DEFAULT_RECEIVE_YIELD_NS = 2_000_000;
    /**
     * Threads of the whole domain (every JVM of the host) that may busy-wait at once past their
     * first spin; -1: as many as this JVM sees processors. A receiver that finds them all taken
     * sleeps on its doorbell at once, so that eight waiting threads on two cores cost what eight
     * blocked threads cost (issue 18: Paraffins -222% to -487% and {@code star} with tree(15)
     * -1300% against java.rmi when every waiter yielded for 2 ms).
     */
    public static final int DEFAULT_MAX_SPINNING_WAITERS = -1;
    /** Longest sleep of a receiver without a doorbell ring (covers a lost ring). */
    public static final long DEFAULT_WAKE_SAFETY_TIMEOUT_MS = 100;
    public static final long DEFAULT_HEARTBEAT_INTERVAL_MS = 100;
    public static final long DEFAULT_LIVENESS_TIMEOUT_MS = 10_000;
    public static final int DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
    public static final long DEFAULT_IDLE_CONNECTION_TIMEOUT_MS = 60_000;
    /**
     * Events other processes can repeat (a peer died, a channel closed for bad input, a
     * connect request refused) are logged at most once per this interval and kind, with a count.
     */
    public static final long DEFAULT_FAILURE_LOG_INTERVAL_MS = 10_000;
    /**
     * Server channels (each with its receiver thread) a node serves at once, as many as the TCP
     * technology's default: at the limit the longest-idle channel without a call in flight is
     * closed to admit a new one; with every channel busy the new one is refused (REFUSE code 4).
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;

    private final Path domainDirectory;
    private final int ringCapacity;
    private final long spinTries;
    private final long yieldTries;
    private final long minParkNs;
    private final long maxParkNs;
    private final long deepIdleAfterMs;
    private final long deepParkNs;
    private final long receiveSpinNs;
    private final long receiveYieldNs;
    private final int maxSpinningWaiters;
    private final long wakeSafetyTimeoutMs;
    private final long heartbeatIntervalMs;
    private final long livenessTimeoutMs;
    private final int maxMessageBytes;
    private final long idleConnectionTimeoutMs;
    private final long failureLogIntervalMs;
    private final int maxConnections;

    private ParaStationConfig(Builder b) {
        this.domainDirectory = b.domainDirectory;
        this.ringCapacity = RingBufferDescriptor.checkCapacity(b.ringCapacity);
        this.spinTries = b.spinTries;
        this.yieldTries = b.yieldTries;
        this.minParkNs = b.minParkNs;
        this.maxParkNs = b.maxParkNs;
        this.deepIdleAfterMs = b.deepIdleAfterMs;
        this.deepParkNs = b.deepParkNs;
        this.receiveSpinNs = b.receiveSpinNs;
        this.receiveYieldNs = b.receiveYieldNs;
        if (b.maxSpinningWaiters < -1) {
            throw new IllegalArgumentException("maxSpinningWaiters must be -1 (the processors) or at least 0: "
                    + b.maxSpinningWaiters);
        }
        this.maxSpinningWaiters = b.maxSpinningWaiters;
        this.wakeSafetyTimeoutMs = positive("wakeSafetyTimeoutMs", b.wakeSafetyTimeoutMs);
        if (receiveSpinNs < 0 || receiveYieldNs < receiveSpinNs) {
            throw new IllegalArgumentException("need 0 <= receiveSpinNs <= receiveYieldNs: " + receiveSpinNs + ", "
                    + receiveYieldNs);
        }
        this.heartbeatIntervalMs = positive("heartbeatIntervalMs", b.heartbeatIntervalMs);
        this.livenessTimeoutMs = positive("livenessTimeoutMs", b.livenessTimeoutMs);
        this.maxMessageBytes = (int) positive("maxMessageBytes", b.maxMessageBytes);
        this.idleConnectionTimeoutMs = positive("idleConnectionTimeoutMs", b.idleConnectionTimeoutMs);
        this.failureLogIntervalMs = positive("failureLogIntervalMs", b.failureLogIntervalMs);
        this.maxConnections = (int) positive("maxConnections", b.maxConnections);
        newIdleStrategy(); // validates the back-off
    }

    private static long positive(String name, long v) {
        if (v <= 0) {
            throw new IllegalArgumentException(name + " must be positive: " + v);
        }
        return v;
    }

    /** The defaults. */
    public static ParaStationConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The defaults overridden by the system properties {@code karmi.parastation.<name>}. */
    public static ParaStationConfig fromSystemProperties() {
        return from(name -> System.getProperty(PROPERTY_PREFIX + name));
    }

    /**
     * The defaults overridden by the values {@code lookup} returns for the setting names
     * ({@code domainDirectory}, {@code ringCapacity}, {@code spinTries}, {@code yieldTries},
     * {@code minParkNs}, {@code maxParkNs}, {@code deepIdleAfterMs}, {@code deepParkNs}, {@code receiveSpinNs},
     * {@code receiveYieldNs}, {@code maxSpinningWaiters}, {@code wakeSafetyTimeoutMs}, {@code heartbeatIntervalMs}, {@code livenessTimeoutMs},
     * {@code maxMessageBytes}, {@code idleConnectionTimeoutMs}, {@code failureLogIntervalMs},
     * {@code maxConnections}); null means "default".
     *
     * @throws IllegalArgumentException naming a value that is not a number or out of range
     */
    public static ParaStationConfig from(Function<String, String> lookup) {
        Builder b = builder();
        String dir = lookup.apply("domainDirectory");
        if (dir != null && !dir.isBlank()) {
            b.domainDirectory(Path.of(dir.trim()));
        }
        b.ringCapacity((int) number(lookup, "ringCapacity", b.ringCapacity));
        b.spinTries(number(lookup, "spinTries", b.spinTries));
        b.yieldTries(number(lookup, "yieldTries", b.yieldTries));
        b.minParkNs(number(lookup, "minParkNs", b.minParkNs));
        b.maxParkNs(number(lookup, "maxParkNs", b.maxParkNs));
        b.deepIdleAfterMs(number(lookup, "deepIdleAfterMs", b.deepIdleAfterMs));
        b.deepParkNs(number(lookup, "deepParkNs", b.deepParkNs));
        b.receiveSpinNs(number(lookup, "receiveSpinNs", b.receiveSpinNs));
        b.receiveYieldNs(number(lookup, "receiveYieldNs", b.receiveYieldNs));
        b.maxSpinningWaiters((int) number(lookup, "maxSpinningWaiters", b.maxSpinningWaiters));
        b.wakeSafetyTimeoutMs(number(lookup, "wakeSafetyTimeoutMs", b.wakeSafetyTimeoutMs));
        b.heartbeatIntervalMs(number(lookup, "heartbeatIntervalMs", b.heartbeatIntervalMs));
        b.livenessTimeoutMs(number(lookup, "livenessTimeoutMs", b.livenessTimeoutMs));
        b.maxMessageBytes((int) number(lookup, "maxMessageBytes", b.maxMessageBytes));
        b.idleConnectionTimeoutMs(number(lookup, "idleConnectionTimeoutMs", b.idleConnectionTimeoutMs));
        b.failureLogIntervalMs(number(lookup, "failureLogIntervalMs", b.failureLogIntervalMs));
        b.maxConnections((int) number(lookup, "maxConnections", b.maxConnections));
        return b.build();
    }

    private static long number(Function<String, String> lookup, String name, long dflt) {
        String v = lookup.apply(name);
        if (v == null || v.isBlank()) {
            return dflt;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("parastation setting " + name + " is not a number: '" + v + "'");
        }
    }

    /**
     * A new idle strategy for a thread waiting for something no doorbell announces: a sender
     * facing a full ring (back-pressure), a client posting into a full accept ring.
     */
    public IdleStrategy newIdleStrategy() {
        return new BackoffIdleStrategy(spinTries, yieldTries, minParkNs, maxParkNs, deepIdleAfterMs * 1_000_000L,
                Math.max(deepParkNs, maxParkNs));
    }

    /**
     * A new idle strategy for the consumer of {@code ring}: spin, then with a permit yield, then
     * sleep on the doorbell.
     */
    IdleStrategy newReceiverIdleStrategy(RingBuffer ring, WakeWord word, Waiter waiter, SpinPermits permits,
            ParaStationStatistics statistics) {
        return new DoorbellIdleStrategy(receiveSpinNs, receiveYieldNs, wakeSafetyTimeoutMs * 1_000_000L, ring, word,
                waiter, permits, statistics);
    }

    /** {@link #maxSpinningWaiters()} with -1 resolved to the processors this JVM sees. */
    public int spinningWaitersLimit() {
        return maxSpinningWaiters >= 0 ? maxSpinningWaiters : Runtime.getRuntime().availableProcessors();
    }

    public Path domainDirectory() { return domainDirectory; }
    public int ringCapacity() { return ringCapacity; }
    public long spinTries() { return spinTries; }
    public long yieldTries() { return yieldTries; }
    public long minParkNs() { return minParkNs; }
    public long maxParkNs() { return maxParkNs; }
    public long deepIdleAfterMs() { return deepIdleAfterMs; }
    public long deepParkNs() { return deepParkNs; }
    public long receiveSpinNs() { return receiveSpinNs; }
    public long receiveYieldNs() { return receiveYieldNs; }
    public int maxSpinningWaiters() { return maxSpinningWaiters; }
    public long wakeSafetyTimeoutMs() { return wakeSafetyTimeoutMs; }
    public long heartbeatIntervalMs() { return heartbeatIntervalMs; }
    public long livenessTimeoutMs() { return livenessTimeoutMs; }
    public int maxMessageBytes() { return maxMessageBytes; }
    public long idleConnectionTimeoutMs() { return idleConnectionTimeoutMs; }
    public long failureLogIntervalMs() { return failureLogIntervalMs; }
    public int maxConnections() { return maxConnections; }

    @Override
    public String toString() {
        return "ParaStationConfig[domain=" + domainDirectory + ", ring=" + ringCapacity + ", spins=" + spinTries
                + ", yields=" + yieldTries + ", parkNs=" + minParkNs + ".." + maxParkNs + ", deepParkNs=" + deepParkNs
                + " after " + deepIdleAfterMs + " ms, receiveSpinNs=" + receiveSpinNs + ", receiveYieldNs="
                + receiveYieldNs + ", maxSpinningWaiters=" + maxSpinningWaiters + ", wakeSafetyMs=" + wakeSafetyTimeoutMs + ", heartbeatMs="
                + heartbeatIntervalMs + ", livenessMs=" + livenessTimeoutMs + ", maxMessage=" + maxMessageBytes
                + ", idleConnectionMs=" + idleConnectionTimeoutMs + ", failureLogIntervalMs=" + failureLogIntervalMs
                + ", maxConnections=" + maxConnections + "]";
    }

    /** Collects settings; not thread-safe. */
    public static final class Builder {
        private Path domainDirectory = Path.of(DEFAULT_DOMAIN_DIRECTORY);
        private int ringCapacity = DEFAULT_RING_CAPACITY;
        private long spinTries = DEFAULT_SPIN_TRIES;
        private long yieldTries = DEFAULT_YIELD_TRIES;
        private long minParkNs = DEFAULT_MIN_PARK_NS;
        private long maxParkNs = DEFAULT_MAX_PARK_NS;
        private long deepIdleAfterMs = DEFAULT_DEEP_IDLE_AFTER_MS;
        private long deepParkNs = DEFAULT_DEEP_PARK_NS;
        private long receiveSpinNs = DEFAULT_RECEIVE_SPIN_NS;
        private long receiveYieldNs = DEFAULT_RECEIVE_YIELD_NS;
        private int maxSpinningWaiters = DEFAULT_MAX_SPINNING_WAITERS;
        private long wakeSafetyTimeoutMs = DEFAULT_WAKE_SAFETY_TIMEOUT_MS;
        private long heartbeatIntervalMs = DEFAULT_HEARTBEAT_INTERVAL_MS;
        private long livenessTimeoutMs = DEFAULT_LIVENESS_TIMEOUT_MS;
        private int maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
        private long idleConnectionTimeoutMs = DEFAULT_IDLE_CONNECTION_TIMEOUT_MS;
        private long failureLogIntervalMs = DEFAULT_FAILURE_LOG_INTERVAL_MS;
        private int maxConnections = DEFAULT_MAX_CONNECTIONS;

        private Builder() {
        }

        public Builder domainDirectory(Path v) { domainDirectory = v; return this; }
        public Builder ringCapacity(int v) { ringCapacity = v; return this; }
        public Builder spinTries(long v) { spinTries = v; return this; }
        public Builder yieldTries(long v) { yieldTries = v; return this; }
        public Builder minParkNs(long v) { minParkNs = v; return this; }
        public Builder maxParkNs(long v) { maxParkNs = v; return this; }
        public Builder deepIdleAfterMs(long v) { deepIdleAfterMs = v; return this; }
        public Builder deepParkNs(long v) { deepParkNs = v; return this; }
        public Builder receiveSpinNs(long v) { receiveSpinNs = v; return this; }
        public Builder receiveYieldNs(long v) { receiveYieldNs = v; return this; }
        public Builder maxSpinningWaiters(int v) { maxSpinningWaiters = v; return this; }
        public Builder wakeSafetyTimeoutMs(long v) { wakeSafetyTimeoutMs = v; return this; }
        public Builder heartbeatIntervalMs(long v) { heartbeatIntervalMs = v; return this; }
        public Builder livenessTimeoutMs(long v) { livenessTimeoutMs = v; return this; }
        public Builder maxMessageBytes(int v) { maxMessageBytes = v; return this; }
        public Builder idleConnectionTimeoutMs(long v) { idleConnectionTimeoutMs = v; return this; }
        public Builder failureLogIntervalMs(long v) { failureLogIntervalMs = v; return this; }
        public Builder maxConnections(int v) { maxConnections = v; return this; }

        public ParaStationConfig build() {
            return new ParaStationConfig(this);
        }
    }
}
