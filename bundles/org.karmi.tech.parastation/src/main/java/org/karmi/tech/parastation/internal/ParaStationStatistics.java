package org.karmi.tech.parastation.internal;

import java.util.concurrent.atomic.LongAdder;

import org.karmi.spi.transport.TechnologyStatistics;

/** Traffic counters of one life of the technology. Thread-safe (striped adders). */
final class ParaStationStatistics implements TechnologyStatistics {

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

    @Override
    public String toString() {
        return "parastation[calls sent " + callsSent() + ", received " + callsReceived() + ", one-way sent "
                + oneWaySent() + ", received " + oneWayReceived() + ", bytes sent " + bytesSent() + ", received "
                + bytesReceived() + ", connections " + connectionsOpen() + " open, " + connectionsOpened() + " opened]";
    }
}
