package org.karmi.tech.parastation.internal;

import java.util.concurrent.atomic.LongAdder;

import org.karmi.spi.transport.TechnologyCounters;

/** Traffic counters of one life of the technology, plus its wake-up counters. Thread-safe (striped adders). */
final class ParaStationStatistics extends TechnologyCounters {

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

    long doorbellsRung() { return doorbellsRung.sum(); }
    long doorbellsDropped() { return doorbellsDropped.sum(); }
    long doorbellWakeups() { return doorbellWakeups.sum(); }
    long sleeps() { return sleeps.sum(); }
    long sleepingNow() { return sleepingNow.sum(); }
    long sleepsEndedByProducer() { return sleepsEndedByProducer.sum(); }
    long safetyTimeoutWakeups() { return safetyTimeoutWakeups.sum(); }

    @Override
    public String toString() {
        return "parastation[" + super.toString() + ", doorbells rung "
                + doorbellsRung() + ", dropped " + doorbellsDropped() + ", wake-ups " + doorbellWakeups() + ", sleeps "
                + sleeps() + " (" + sleepsEndedByProducer() + " by a producer, " + safetyTimeoutWakeups()
                + " lost wake-ups)]";
    }
}
