package org.karmi.tech.tcp.internal;

import java.util.concurrent.atomic.LongAdder;
import org.karmi.spi.transport.TechnologyStatistics;

/**
 * Traffic counters of one life of a TCP technology (from {@code start} to {@code close}).
 * Thread-safe: contention-free {@link LongAdder}s, read as possibly slightly stale sums.
 */
final class TcpStatistics implements TechnologyStatistics {

    final LongAdder callsSent = new LongAdder();
    final LongAdder callsReceived = new LongAdder();
    final LongAdder oneWaySent = new LongAdder();
    final LongAdder oneWayReceived = new LongAdder();
    final LongAdder bytesSent = new LongAdder();
    final LongAdder bytesReceived = new LongAdder();
    final LongAdder connectionsOpened = new LongAdder();
    final LongAdder connectionsOpen = new LongAdder();

    @Override public long callsSent() { return callsSent.sum(); }
    @Override public long callsReceived() { return callsReceived.sum(); }
    @Override public long oneWaySent() { return oneWaySent.sum(); }
    @Override public long oneWayReceived() { return oneWayReceived.sum(); }
    @Override public long bytesSent() { return bytesSent.sum(); }
    @Override public long bytesReceived() { return bytesReceived.sum(); }
    @Override public long connectionsOpened() { return connectionsOpened.sum(); }
    @Override public long connectionsOpen() { return connectionsOpen.sum(); }

    void opened() {
        connectionsOpened.increment();
        connectionsOpen.increment();
    }

    void closed() {
        connectionsOpen.decrement();
    }

    @Override
    public String toString() {
        return "TcpStatistics[callsSent=" + callsSent() + ", callsReceived=" + callsReceived() + ", oneWaySent="
                + oneWaySent() + ", oneWayReceived=" + oneWayReceived() + ", bytesSent=" + bytesSent()
                + ", bytesReceived=" + bytesReceived() + ", connectionsOpened=" + connectionsOpened()
                + ", connectionsOpen=" + connectionsOpen() + "]";
    }
}
