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
    /** Doorbell rings sent to other nodes' sleeping waiters. */
    final LongAdder doorbellsRung = new LongAdder();
    /** Rings that could not be sent (peer's socket full or gone); the waiter's safety timeout covers them. */
    final LongAdder doorbellsDropped = new LongAdder();
    /** Waiters of this node the conductor unparked because their doorbell slot was rung. */
    final LongAdder doorbellWakeups = new LongAdder();
    /** Sleeps of this node's waiters (after spinning and yielding found nothing). */
    final LongAdder sleeps = new LongAdder();
    /** Waiters of this node asleep right now (a gauge). */
    final LongAdder sleepingNow = new LongAdder();
    /** Sleeps that a producer ended (claimed the wake word and rang). */
    final LongAdder sleepsEndedByProducer = new LongAdder();
    /** Sleeps that ended at the safety timeout with a record waiting that nobody rang for: lost wake-ups. */
    final LongAdder safetyTimeoutWakeups = new LongAdder();

    @Override public long callsSent() { return callsSent.sum(); }
    @Override public long callsReceived() { return callsReceived.sum(); }
    @Override public long oneWaySent() { return oneWaySent.sum(); }
    @Override public long oneWayReceived() { return oneWayReceived.sum(); }
    @Override public long bytesSent() { return bytesSent.sum(); }
    @Override public long bytesReceived() { return bytesReceived.sum(); }
    @Override public long connectionsOpened() { return connectionsOpened.sum(); }
    @Override public long connectionsOpen() { return connectionsOpen.sum(); }

    long doorbellsRung() { return doorbellsRung.sum(); }
    long doorbellsDropped() { return doorbellsDropped.sum(); }
    long doorbellWakeups() { return doorbellWakeups.sum(); }
    long sleeps() { return sleeps.sum(); }
    long sleepingNow() { return sleepingNow.sum(); }
    long sleepsEndedByProducer() { return sleepsEndedByProducer.sum(); }
    long safetyTimeoutWakeups() { return safetyTimeoutWakeups.sum(); }

    @Override
    public String toString() {
        return "parastation[calls sent " + callsSent() + ", received " + callsReceived() + ", one-way sent "
                + oneWaySent() + ", received " + oneWayReceived() + ", bytes sent " + bytesSent() + ", received "
                + bytesReceived() + ", connections " + connectionsOpen() + " open, " + connectionsOpened() + " opened, doorbells rung "
                + doorbellsRung() + ", dropped " + doorbellsDropped() + ", wake-ups " + doorbellWakeups() + ", sleeps "
                + sleeps() + " (" + sleepsEndedByProducer() + " by a producer, " + safetyTimeoutWakeups()
                + " lost wake-ups)]";
    }
}
