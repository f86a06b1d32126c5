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

    /** Traffic seen from this node: bytes out and in, and round trips (message exchanges). */
    record WireCounters(long bytesSent, long bytesReceived, long roundTrips, String how) {
        public WireCounters minus(WireCounters before) {
            return new WireCounters(bytesSent - before.bytesSent, bytesReceived - before.bytesReceived,
                    roundTrips - before.roundTrips, how);
        }
    }
}
