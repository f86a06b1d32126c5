package org.karmi.tech.parastation.internal;

import java.util.concurrent.locks.LockSupport;

import org.karmi.tech.parastation.internal.ring.IdleStrategy;
import org.karmi.tech.parastation.internal.ring.RingBuffer;

/**
 * How a ring's consumer waits: spins ({@link Thread#onSpinWait()}) for {@code spinNs}; then,
 * if it gets one of the domain's {@link SpinPermits} (fewer threads busy-wait than there are
 * cores), yields until {@code yieldNs} have passed since it found no work, holding the permit;
 * then, or at once without a permit, sleeps until a producer rings its node's {@link Doorbell}
 * (announced through its {@link WakeWord}: set the word, re-check the ring, park), each sleep
 * bounded by {@code safetyTimeoutNs} in case a ring is lost. No system call while records keep
 * arriving within the spin or yield phase; a waiter beyond the cores costs what a blocked
 * thread costs; an idle consumer costs nothing but one wake-up per safety timeout. The permit
 * goes back when the wait ends ({@link #reset()}), which its user must call when it stops
 * waiting, also on the way out of a failure. Threading: one consumer thread at a time.
 */
final class DoorbellIdleStrategy implements IdleStrategy {

    private static final int NOT_IDLE = 0;
    private static final int SPINNING = 1;
    private static final int YIELDING = 2;
    private static final int SLEEPING = 3;
    /** Spins between two clock reads. */
    private static final int SPIN_CHECK_MASK = 63;

    private final long spinNs;
    private final long yieldNs;
    private final long safetyTimeoutNs;
    private final RingBuffer ring;
    private final WakeWord word;
    private final Waiter waiter;
    private final SpinPermits permits;
    private final ParaStationStatistics statistics;

    private int state = NOT_IDLE;
    private long idleSinceNs;
    private int spins;

    /**
     * @param spinNs          time to spin before yielding (>= 0)
     * @param yieldNs         time since the last work after which it sleeps (>= spinNs)
     * @param safetyTimeoutNs longest sleep without a doorbell (> 0)
     * @param ring            the ring it consumes (re-checked after announcing sleep)
     * @param word            its wake word in shared memory
     * @param waiter          its registration with this node's doorbell
     * @param permits         the domain's permits to busy-wait past the first spin
     */
    DoorbellIdleStrategy(long spinNs, long yieldNs, long safetyTimeoutNs, RingBuffer ring, WakeWord word,
            Waiter waiter, SpinPermits permits, ParaStationStatistics statistics) {
        if (spinNs < 0 || yieldNs < spinNs || safetyTimeoutNs <= 0) {
            throw new IllegalArgumentException("bad wait: spin " + spinNs + " ns, yield until " + yieldNs
                    + " ns, safety timeout " + safetyTimeoutNs + " ns");
        }
        this.spinNs = spinNs;
        this.yieldNs = yieldNs;
        this.safetyTimeoutNs = safetyTimeoutNs;
        this.ring = ring;
        this.word = word;
        this.waiter = waiter;
        this.permits = permits;
        this.statistics = statistics;
        word.putSlotRelease(waiter.slot());
    }

    @Override
    public void idle() {
        switch (state) {
            case NOT_IDLE:
                state = SPINNING;
                idleSinceNs = System.nanoTime();
                spins = 0;
                // fall through
            case SPINNING:
                Thread.onSpinWait();
                if ((++spins & SPIN_CHECK_MASK) == 0 && System.nanoTime() - idleSinceNs > spinNs) {
                    endSpin();
                }
                break;
            case YIELDING:
                Thread.yield();
                if (System.nanoTime() - idleSinceNs > yieldNs) {
                    state = SLEEPING;
                    permits.release();
                }
                break;
            default:
                sleep();
                break;
        }
    }

    /** After the first spin: yield on with a permit, else sleep at once (every core has its spinner). */
    private void endSpin() {
        if (System.nanoTime() - idleSinceNs > yieldNs) {
            state = SLEEPING; // no yield phase configured
        } else if (permits.tryAcquire()) {
            state = YIELDING;
        } else {
            state = SLEEPING;
            statistics.spinsRefused.increment();
        }
    }

    /** Announce, re-check, park; counts how the sleep ended. */
    private void sleep() {
        waiter.bind(Thread.currentThread());
        word.sleep();
        if (ring.sizeAcquire() != 0) { // a record came between the last poll and the announcement
            word.awake();
            return;
        }
        final long t0 = System.nanoTime();
        statistics.sleepingNow.increment();
        LockSupport.parkNanos(this, safetyTimeoutNs);
        statistics.sleepingNow.decrement();
        statistics.sleeps.increment();
        if (word.awake() == WakeWord.AWAKE) {
            statistics.sleepsEndedByProducer.increment(); // a producer claimed us: its doorbell woke us or will
        } else if (System.nanoTime() - t0 >= safetyTimeoutNs && ring.sizeAcquire() != 0) {
            statistics.safetyTimeoutWakeups.increment(); // a record nobody rang for: a lost wake-up
        }
    }

    /** Ends the wait: gives its permit back if it holds one. */
    @Override
    public void reset() {
        if (state == YIELDING) {
            permits.release();
        }
        state = NOT_IDLE;
    }

    @Override
    public boolean isParking() {
        return state == SLEEPING;
    }

    @Override
    public String toString() {
        return "DoorbellIdleStrategy[spin " + spinNs + " ns, yield until " + yieldNs + " ns, safety "
                + safetyTimeoutNs + " ns, slot " + waiter.slot() + "]";
    }
}
