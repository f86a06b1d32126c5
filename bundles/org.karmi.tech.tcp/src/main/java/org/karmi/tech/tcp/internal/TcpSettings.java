package org.karmi.tech.tcp.internal;

import java.util.function.UnaryOperator;

import org.karmi.registry.Registry;

/**
 * The TCP technology's settings, with their defaults as named constants and a reader for
 * the {@code karmi.tcp.*} system properties used outside OSGi. Immutable.
 *
 * @param host              address to bind and advertise; a wildcard address binds all
 *                          interfaces and advertises the local host's address
 * @param port              port to bind; 0 picks an ephemeral port; {@value #LISTEN_ON_DEMAND}
 *                          binds nothing at start, an ephemeral port at the first export
 * @param idleTimeoutMillis a pooled client connection unused this long is closed
 * @param connectTimeoutMillis upper bound on a TCP connect (acquire's own timeout may be shorter)
 * @param maxFrameBytes     largest frame (header + payload) sent or accepted
 * @param spinMicros        how long a reader polls for data before it blocks (0 = block at once)
 * @param maxConnections    most inbound connections served at once; at the limit the longest-idle
 *                          one is retired to admit a new one, and only when every one has a call
 *                          in flight is a new one refused (code 4)
 * @param serverIdleTimeoutMillis an inbound connection with no call for this long is retired (CLOSE
 *                          with the drain flag)
 * @param logIntervalMillis at most one log line per interval for each kind of event a peer can cause
 *                          at will (refusals, retired connections, failed handshakes, bad frames),
 *                          with the count of the events since the last line; 0 logs every event
 */
public record TcpSettings(String host, int port, long idleTimeoutMillis, long connectTimeoutMillis,
                          int maxFrameBytes, long spinMicros, int maxConnections, long serverIdleTimeoutMillis,
                          long logIntervalMillis) {

    /** Default bind address: loopback only, never a public address unless configured. */
    public static final String DEFAULT_HOST = "127.0.0.1";
    /** Default port: the registry port, so that a node is reachable at {@code host:2099}. */
    public static final int DEFAULT_PORT = Registry.REGISTRY_PORT;
    /**
     * The port that binds nothing until the first export, which binds an ephemeral port (as
     * {@code java.rmi}; the facade's default outside OSGi, so that a pure client has no listener).
     */
    public static final int LISTEN_ON_DEMAND = -1;
    /** Default idle time after which a pooled connection is closed. */
    public static final long DEFAULT_IDLE_TIMEOUT_MILLIS = 30_000;
    /** Default bound on connecting. */
    public static final long DEFAULT_CONNECT_TIMEOUT_MILLIS = 10_000;
    /** Default largest frame: 64 MiB. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 64 * 1024 * 1024;
    /**
     * Default polling before blocking on a read, in microseconds: none. Polling 20 µs halved an
     * in-process 1-byte round trip on 2 idle cores, but lost throughput with 8 clients and on a
     * loaded machine ({@code TcpPingMeasurement}), so it is opt-in.
     */
    public static final long DEFAULT_SPIN_MICROS = 0;
    /** Default limit of inbound connections (each has a thread). */
    public static final int DEFAULT_MAX_CONNECTIONS = 1024;
    /**
     * Default idle time after which the server retires an inbound connection: the client side's
     * default, so that a client with default settings usually retires its pooled connection itself.
     */
    public static final long DEFAULT_SERVER_IDLE_TIMEOUT_MILLIS = DEFAULT_IDLE_TIMEOUT_MILLIS;
    /** Default interval between two log lines about the same kind of peer-caused event. */
    public static final long DEFAULT_LOG_INTERVAL_MILLIS = 10_000;

    /** Prefix of the system properties read by {@link #fromSystemProperties()}. */
    public static final String PROPERTY_PREFIX = "karmi.tcp.";

    /** Smallest accepted max frame size: a hello must fit. */
    static final int MIN_MAX_FRAME_BYTES = 64 * 1024 + TcpFrameDescriptor.HEADER_LENGTH;

    public TcpSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("karmi.tcp host must not be empty");
        }
        if (port < LISTEN_ON_DEMAND || port > 0xffff) {
            throw new IllegalArgumentException("karmi.tcp port out of range: " + port);
        }
        if (idleTimeoutMillis <= 0 || connectTimeoutMillis <= 0) {
            throw new IllegalArgumentException("karmi.tcp timeouts must be > 0: idle " + idleTimeoutMillis
                    + " ms, connect " + connectTimeoutMillis + " ms");
        }
        if (maxFrameBytes < MIN_MAX_FRAME_BYTES) {
            throw new IllegalArgumentException("karmi.tcp maxFrameBytes must be at least " + MIN_MAX_FRAME_BYTES
                    + ": " + maxFrameBytes);
        }
        if (spinMicros < 0 || spinMicros > 1_000_000) {
            throw new IllegalArgumentException("karmi.tcp spinMicros out of range 0..1000000: " + spinMicros);
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("karmi.tcp maxConnections must be > 0: " + maxConnections);
        }
        if (serverIdleTimeoutMillis <= 0 || logIntervalMillis < 0) {
            throw new IllegalArgumentException("karmi.tcp serverIdleTimeoutMillis must be > 0 and logIntervalMillis >= 0: "
                    + serverIdleTimeoutMillis + " ms, " + logIntervalMillis + " ms");
        }
        host = host.trim();
    }

    /** Settings with the default server idle time and log interval. */
    public TcpSettings(String host, int port, long idleTimeoutMillis, long connectTimeoutMillis, int maxFrameBytes,
                       long spinMicros, int maxConnections) {
        this(host, port, idleTimeoutMillis, connectTimeoutMillis, maxFrameBytes, spinMicros, maxConnections,
                DEFAULT_SERVER_IDLE_TIMEOUT_MILLIS, DEFAULT_LOG_INTERVAL_MILLIS);
    }

    /** The defaults: 127.0.0.1:2099. */
    public static TcpSettings defaults() {
        return new TcpSettings(DEFAULT_HOST, DEFAULT_PORT, DEFAULT_IDLE_TIMEOUT_MILLIS,
                DEFAULT_CONNECT_TIMEOUT_MILLIS, DEFAULT_MAX_FRAME_BYTES, DEFAULT_SPIN_MICROS, DEFAULT_MAX_CONNECTIONS);
    }

    /**
     * Reads {@code karmi.tcp.host}, {@code .port}, {@code .idleTimeoutMillis},
     * {@code .connectTimeoutMillis}, {@code .maxFrameBytes}, {@code .spinMicros},
     * {@code .maxConnections}, {@code .serverIdleTimeoutMillis} and {@code .logIntervalMillis};
     * missing ones take their defaults.
     *
     * @throws IllegalArgumentException naming the property whose value is not a number or out of range
     */
    public static TcpSettings fromSystemProperties() {
        return fromProperties(name -> System.getProperty(PROPERTY_PREFIX + name));
    }

    /**
     * Settings from a lookup of the keys without prefix ({@code host}, {@code port}, ...);
     * a key the lookup answers {@code null} for takes its default.
     *
     * @throws IllegalArgumentException naming the key whose value is not a number or out of range
     */
    public static TcpSettings fromProperties(UnaryOperator<String> lookup) {
        String host = lookup.apply("host");
        return new TcpSettings(
                host == null || host.isBlank() ? DEFAULT_HOST : host.trim(),
                (int) number(lookup, "port", DEFAULT_PORT),
                number(lookup, "idleTimeoutMillis", DEFAULT_IDLE_TIMEOUT_MILLIS),
                number(lookup, "connectTimeoutMillis", DEFAULT_CONNECT_TIMEOUT_MILLIS),
                (int) Math.min(Integer.MAX_VALUE, number(lookup, "maxFrameBytes", DEFAULT_MAX_FRAME_BYTES)),
                number(lookup, "spinMicros", DEFAULT_SPIN_MICROS),
                (int) Math.min(Integer.MAX_VALUE, number(lookup, "maxConnections", DEFAULT_MAX_CONNECTIONS)),
                number(lookup, "serverIdleTimeoutMillis", DEFAULT_SERVER_IDLE_TIMEOUT_MILLIS),
                number(lookup, "logIntervalMillis", DEFAULT_LOG_INTERVAL_MILLIS));
    }

    private static long number(UnaryOperator<String> lookup, String name, long defaultValue) {
        String value = lookup.apply(name);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("setting " + PROPERTY_PREFIX + name
                    + " is not a number: '" + value + "'", e);
        }
    }

    /** Whether nothing is bound until the first export ({@link #LISTEN_ON_DEMAND}). */
    public boolean listensOnDemand() {
        return port == LISTEN_ON_DEMAND;
    }

    /** A copy with another bind address (a wildcard when {@code java.rmi.server.hostname} is set). */
    public TcpSettings withHost(String newHost) {
        return new TcpSettings(newHost, port, idleTimeoutMillis, connectTimeoutMillis, maxFrameBytes, spinMicros,
                maxConnections, serverIdleTimeoutMillis, logIntervalMillis);
    }

    /** A copy with another port (tests, restarts). */
    public TcpSettings withPort(int newPort) {
        return new TcpSettings(host, newPort, idleTimeoutMillis, connectTimeoutMillis, maxFrameBytes, spinMicros,
                maxConnections, serverIdleTimeoutMillis, logIntervalMillis);
    }

    /** A copy with another server idle time and log interval (tests). */
    public TcpSettings withServerIdle(long newServerIdleTimeoutMillis, long newLogIntervalMillis) {
        return new TcpSettings(host, port, idleTimeoutMillis, connectTimeoutMillis, maxFrameBytes, spinMicros,
                maxConnections, newServerIdleTimeoutMillis, newLogIntervalMillis);
    }
}
