package org.karmi.core.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reference layer's settings, with their defaults: read from system properties
 * ({@code karmi.*}) outside OSGi and from the component configuration inside. Immutable.
 */
public final class NodeConfig {

    /** Default bound on waiting for a reply, in milliseconds. */
    public static final long DEFAULT_CALL_TIMEOUT_MILLIS = 120_000;
    /** Default bound on connecting and handshaking, in milliseconds. */
    public static final long DEFAULT_CONNECT_TIMEOUT_MILLIS = 10_000;
    /** Default bound on reading a begun frame, in milliseconds. */
    public static final long DEFAULT_IO_TIMEOUT_MILLIS = 10_000;
    /** Default technology preference. */
    public static final String DEFAULT_PREFERENCE = "parastation,tcp";
    /** The keys {@link #from} reads (without the {@code karmi.} prefix). */
    public static final List<String> KEYS = List.of("call.timeout", "connect.timeout", "io.timeout", "preference",
            "dispatch.threads", "registry.remoteWrites", "serial.allow", "inbound.budget", "dgc");

    /** Default number of dispatch threads: 0 = run calls on the technology's connection thread. */
    public static final int DEFAULT_DISPATCH_THREADS = 0;

    final long callTimeoutMillis;
    final long connectTimeoutMillis;
    final long ioTimeoutMillis;
    final List<String> preference;
    final int dispatchThreads;
    final boolean registryRemoteWrites;
    final AllowList allow;
    /** Node-wide inbound bytes in flight, 0 = a quarter of the heap ({@link org.karmi.spi.transport.InboundByteBudget#ofHeapFraction()}). */
    final long inboundBudgetBytes;
    /**
     * Whether a non-daemon thread keeps the JVM alive while objects are exported, as
     * {@code java.rmi} does (the node behind the static facade); not a user setting.
     */
    final boolean keepAlive;
    /** Technology name to collector name ({@code dgc}: {@code tcp=lease,parastation=cluster}); unnamed ones get defaults. */
    final Map<String, String> collectorMapping;

    private NodeConfig(long callTimeoutMillis, long connectTimeoutMillis, long ioTimeoutMillis,
            List<String> preference, int dispatchThreads, boolean registryRemoteWrites, AllowList allow,
            long inboundBudgetBytes, boolean keepAlive, Map<String, String> collectorMapping) {
        if (callTimeoutMillis <= 0 || connectTimeoutMillis <= 0 || ioTimeoutMillis <= 0) {
            throw new IllegalArgumentException("timeouts must be > 0");
        }
        if (dispatchThreads < 0) {
            throw new IllegalArgumentException("dispatch threads must be >= 0");
        }
        if (inboundBudgetBytes < 0) {
            throw new IllegalArgumentException("karmi.inbound.budget must be >= 0 (0 = a quarter of the heap)");
        }
        this.callTimeoutMillis = callTimeoutMillis;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.ioTimeoutMillis = ioTimeoutMillis;
        this.preference = List.copyOf(preference);
        this.dispatchThreads = dispatchThreads;
        this.registryRemoteWrites = registryRemoteWrites;
        this.allow = allow;
        this.inboundBudgetBytes = inboundBudgetBytes;
        this.keepAlive = keepAlive;
        this.collectorMapping = Map.copyOf(collectorMapping);
    }

    /** The defaults. */
    public static NodeConfig defaults() {
        return from(Map.of());
    }

    /**
     * Reads the settings from {@code props} (keys without the {@code karmi.} prefix):
     * {@code call.timeout}, {@code connect.timeout}, {@code io.timeout} (ms),
     * {@code preference} (comma list), {@code dispatch.threads},
     * {@code registry.remoteWrites} (true lets other hosts bind), {@code serial.allow}
     * (comma list of class patterns calls may carry besides the remote interfaces' declared
     * types: {@code org.acme.Order}, {@code org.acme.*}, {@code org.acme.**}),
     * {@code inbound.budget} (bytes of partly received frames the node buffers at once, over
     * every technology; 0, the default, means a quarter of the maximum heap), {@code dgc}
     * (technology to collector: {@code tcp=lease,parastation=cluster}).
     *
     * @throws IllegalArgumentException naming a setting that is not a number or a bad pattern
     */
    public static NodeConfig from(Map<String, ?> props) {
        return new NodeConfig(
                longOf(props, "call.timeout", DEFAULT_CALL_TIMEOUT_MILLIS),
                longOf(props, "connect.timeout", DEFAULT_CONNECT_TIMEOUT_MILLIS),
                longOf(props, "io.timeout", DEFAULT_IO_TIMEOUT_MILLIS),
                listOf(props, "preference", DEFAULT_PREFERENCE),
                (int) longOf(props, "dispatch.threads", DEFAULT_DISPATCH_THREADS),
                Boolean.parseBoolean(String.valueOf(props.get("registry.remoteWrites"))),
                AllowList.parse(props.get("serial.allow") == null ? null : String.valueOf(props.get("serial.allow"))),
                longOf(props, "inbound.budget", 0), false,
                CollectorMapping.parse(props.get("dgc") == null ? null : String.valueOf(props.get("dgc"))));
    }

    /** Reads {@code karmi.*} system properties. */
    public static NodeConfig fromSystemProperties() {
        java.util.HashMap<String, Object> m = new java.util.HashMap<>();
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith("karmi.")) {
                m.put(key.substring("karmi.".length()), System.getProperty(key));
            }
        }
        return from(m);
    }

    /** A copy of this one with what only a new node can change taken from {@code running}. */
    NodeConfig withFixedOf(NodeConfig running) {
        return new NodeConfig(callTimeoutMillis, connectTimeoutMillis, ioTimeoutMillis, preference, dispatchThreads,
                registryRemoteWrites, allow, running.inboundBudgetBytes, running.keepAlive, collectorMapping);
    }

    /** A copy with another call timeout. */
    public NodeConfig withCallTimeout(long millis) {
        return new NodeConfig(millis, connectTimeoutMillis, ioTimeoutMillis, preference, dispatchThreads, registryRemoteWrites, allow, inboundBudgetBytes, keepAlive, collectorMapping);
    }

    /** A copy with another number of dispatch threads. */
    public NodeConfig withDispatchThreads(int threads) {
        return new NodeConfig(callTimeoutMillis, connectTimeoutMillis, ioTimeoutMillis, preference, threads, registryRemoteWrites, allow, inboundBudgetBytes, keepAlive, collectorMapping);
    }

    /**
     * A copy that keeps the JVM alive while objects are exported ({@code true}: the node
     * behind the static facade, as {@code java.rmi}) or not.
     */
    public NodeConfig withKeepAlive(boolean keep) {
        return new NodeConfig(callTimeoutMillis, connectTimeoutMillis, ioTimeoutMillis, preference, dispatchThreads, registryRemoteWrites, allow, inboundBudgetBytes, keep, collectorMapping);
    }

    private static long longOf(Map<String, ?> props, String key, long dflt) {
        Object v = props.get(key);
        if (v == null || String.valueOf(v).isBlank()) {
            return dflt;
        }
        try {
            return v instanceof Number n ? n.longValue() : Long.parseLong(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("karmi." + key + " is not a number: " + v, e);
        }
    }

    private static List<String> listOf(Map<String, ?> props, String key, String dflt) {
        Object v = props.get(key);
        String s = v == null ? dflt : String.valueOf(v);
        List<String> out = new ArrayList<>();
        for (String part : s.split(",")) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return "NodeConfig[call.timeout=" + callTimeoutMillis + ", connect.timeout=" + connectTimeoutMillis
                + ", io.timeout=" + ioTimeoutMillis + ", preference=" + preference
                + ", dispatch.threads=" + dispatchThreads + ", registry.remoteWrites=" + registryRemoteWrites
                + ", serial.allow=" + allow + ", inbound.budget=" + inboundBudgetBytes + ", keepAlive=" + keepAlive + ", dgc=" + collectorMapping + "]";
    }
}
