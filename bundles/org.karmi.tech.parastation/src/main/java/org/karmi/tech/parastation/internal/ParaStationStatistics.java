package org.karmi.tech.parastation.internal;

import java.util.concurrent.atomic.LongAdder;

import org.karmi.spi.transport.TechnologyCounters;

/**
 * Traffic counters of one life of the technology, plus its wake-up and failure counters.
 * {@code connectionsRefused} counts handshakes this node refused and connect requests it
 * ignored (the channel file missing or malformed, the client dead, the node closing) or
 * refused at its connection limit.
 * Thread-safe (striped adders).
 */
final class ParaStationStatistics extends TechnologyCounters {

    /** Peer nodes whose process was found gone: their channels were closed and their files reclaimed. */
    final LongAdder peersDied = new LongAdder();
    /** Channels closed because a record of their ring or a frame in it was malformed. */
    final LongAdder channelsMalformed = new LongAdder();
    /** Fragmented frames abandoned half-way (not complete within the I/O timeout, or the byte budget stayed spent). */
    final LongAdder framesAbandoned = new LongAdder();
    /** Idle server channels closed to admit a new connection at the connection limit. */
    final LongAdder connectionsRetired = new LongAdder();
    /** Accept-ring records refused (wrong type or length) or discarded with a corrupt accept ring. */
    final LongAdder acceptRecordsDropped = new LongAdder();

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
    /**
     * Waits that went to sleep right after their first spin because as many threads of the
     * domain busy-waited as there are cores ({@link SpinPermits}).
     */
    final LongAdder spinsRefused = new LongAdder();
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
    long spinsRefused() { return spinsRefused.sum(); }
    long safetyTimeoutWakeups() { return safetyTimeoutWakeups.sum(); }
    long peersDied() { return peersDied.sum(); }
    long channelsMalformed() { return channelsMalformed.sum(); }
    long framesAbandoned() { return framesAbandoned.sum(); }
    long acceptRecordsDropped() { return acceptRecordsDropped.sum(); }
    long connectionsRetired() { return connectionsRetired.sum(); }

    @Override
    public String toString() {
        return "parastation[" + super.toString() + ", doorbells rung "
                + doorbellsRung() + ", dropped " + doorbellsDropped() + ", wake-ups " + doorbellWakeups() + ", sleeps "
                + sleeps() + " (" + sleepsEndedByProducer() + " by a producer, " + safetyTimeoutWakeups()
                + " lost wake-ups, " + spinsRefused() + " without a core to spin on), peers died " + peersDied()
                + ", channels malformed " + channelsMalformed()
                + ", frames abandoned " + framesAbandoned() + ", accept records dropped " + acceptRecordsDropped()
                + ", connections retired " + connectionsRetired() + "]";
    }
}
