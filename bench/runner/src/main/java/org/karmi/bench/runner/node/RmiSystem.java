package org.karmi.bench.runner.node;

import java.rmi.Remote;

/**
 * The RMI system under test in one node: {@code java.rmi} or KaRMI. Everything else in a
 * node is the same for both.
 */
public interface RmiSystem extends AutoCloseable {

    /** Starts the node and its registry on {@code port} on 127.0.0.1; returns a line describing it. */
    String start(int port) throws Exception;

    /** Exports {@code impl} and returns its stub. */
    Remote export(Remote impl) throws Exception;

    /** Exports {@code impl} so that traffic to it is counted by {@link #wire()}; returns its stub. */
    Remote exportCounted(Remote impl) throws Exception;

    /** Binds an exported object in this node's registry. */
    void bind(String name, Remote stub) throws Exception;

    /** Looks {@code name} up in the registry of the node at 127.0.0.1:{@code port}. */
    Remote lookup(int port, String name) throws Exception;

    /** The client side's traffic counters, or {@code null} if this system cannot count. */
    WireCounters wire();

    @Override
    void close();

    /**
     * Traffic seen from this node: bytes out and in, round trips (message exchanges), how they
     * were counted, the calls each technology sent ({@code null} when the system has no
     * technologies to tell apart, as java.rmi), and of all that the distributed garbage
     * collector's messages (sent and received) and their bytes.
     */
    record WireCounters(long bytesSent, long bytesReceived, long roundTrips, String how,
            java.util.Map<String, Long> callsByTechnology, long collectorMessages, long collectorBytes) {

        public WireCounters(long bytesSent, long bytesReceived, long roundTrips, String how) {
            this(bytesSent, bytesReceived, roundTrips, how, null, 0, 0);
        }

        public WireCounters minus(WireCounters before) {
            java.util.Map<String, Long> calls = null;
            if (callsByTechnology != null) {
                calls = new java.util.LinkedHashMap<>();
                for (java.util.Map.Entry<String, Long> e : callsByTechnology.entrySet()) {
                    long was = before.callsByTechnology == null ? 0
                            : before.callsByTechnology.getOrDefault(e.getKey(), 0L);
                    calls.put(e.getKey(), e.getValue() - was);
                }
            }
            return new WireCounters(bytesSent - before.bytesSent, bytesReceived - before.bytesReceived,
                    roundTrips - before.roundTrips, how, calls, collectorMessages - before.collectorMessages,
                    collectorBytes - before.collectorBytes);
        }

        /** {@code tcp=200,parastation=0}, or {@code -} if there are no technologies. */
        public String callsByTechnologyText() {
            if (callsByTechnology == null || callsByTechnology.isEmpty()) {
                return "-";
            }
            StringBuilder s = new StringBuilder();
            callsByTechnology.forEach((t, n) -> s.append(s.length() == 0 ? "" : ",").append(t).append('=').append(n));
            return s.toString();
        }
    }
}
