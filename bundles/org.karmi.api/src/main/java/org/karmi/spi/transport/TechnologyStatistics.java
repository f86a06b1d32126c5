package org.karmi.spi.transport;

/**
 * Traffic counters of one technology since it started, for benchmarks, tests ("which
 * technology carried this call?") and the shell. Values are monotonic; reads are cheap and
 * may be slightly stale. Implementations update them with plain or relaxed atomic adds.
 */
@org.osgi.annotation.versioning.ConsumerType
public interface TechnologyStatistics {
    /** Calls sent by this node (client side). */
    long callsSent();
    /** Calls received by this node (server side). */
    long callsReceived();
    /** One-way messages sent. */
    long oneWaySent();
    /** One-way messages received. */
    long oneWayReceived();
    /** Bytes written to the wire, framing included. */
    long bytesSent();
    /** Bytes read from the wire, framing included. */
    long bytesReceived();
    /** Connections opened (client and server side) since start. */
    long connectionsOpened();
    /** Connections open now. */
    long connectionsOpen();
    /** Connections refused or closed by a bound (limit, handshake deadline, idle deadline) since start (since 1.3). */
    default long connectionsRefused() {
        return 0;
    }
}
