package org.karmi.spi.transport;

import java.util.concurrent.atomic.LongAdder;

/**
 * Ready-made {@link TechnologyStatistics} for technology implementations: one contention-free
 * {@link LongAdder} per counter, which the technology increments on its hot paths and the
 * getters sum (possibly slightly stale). A technology with counters of its own extends it.
 * Thread-safe.
 */
public class TechnologyCounters implements TechnologyStatistics {

    public final LongAdder callsSent = new LongAdder();
    public final LongAdder callsReceived = new LongAdder();
    public final LongAdder oneWaySent = new LongAdder();
    public final LongAdder oneWayReceived = new LongAdder();
    public final LongAdder bytesSent = new LongAdder();
    public final LongAdder bytesReceived = new LongAdder();
    public final LongAdder connectionsOpened = new LongAdder();
    public final LongAdder connectionsOpen = new LongAdder();
    public final LongAdder connectionsRefused = new LongAdder();

    @Override public long callsSent() { return callsSent.sum(); }
    @Override public long callsReceived() { return callsReceived.sum(); }
    @Override public long oneWaySent() { return oneWaySent.sum(); }
    @Override public long oneWayReceived() { return oneWayReceived.sum(); }
    @Override public long bytesSent() { return bytesSent.sum(); }
    @Override public long bytesReceived() { return bytesReceived.sum(); }
    @Override public long connectionsOpened() { return connectionsOpened.sum(); }
    @Override public long connectionsOpen() { return connectionsOpen.sum(); }
    @Override public long connectionsRefused() { return connectionsRefused.sum(); }

    /** Counts a connection that opened. */
    public void opened() {
        connectionsOpened.increment();
        connectionsOpen.increment();
    }

    /** Counts a connection that closed. */
    public void closed() {
        connectionsOpen.decrement();
    }

    @Override
    public String toString() {
        return "calls sent " + callsSent() + ", received " + callsReceived() + ", one-way sent " + oneWaySent()
                + ", received " + oneWayReceived() + ", bytes sent " + bytesSent() + ", received " + bytesReceived()
                + ", connections " + connectionsOpen() + " open, " + connectionsOpened() + " opened, "
                + connectionsRefused() + " refused";
    }
}
