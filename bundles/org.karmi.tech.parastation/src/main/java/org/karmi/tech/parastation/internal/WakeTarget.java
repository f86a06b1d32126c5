package org.karmi.tech.parastation.internal;

/**
 * The consumer at the other end of a ring as its producer sees it: its {@link WakeWord} and
 * its node's doorbell. After publishing, the producer calls {@link #wakeIfSleeping()}: a full
 * fence and one load while the consumer is awake, a doorbell ring (one system call) only when
 * it sleeps. Thread-safe.
 */
final class WakeTarget {

    private final WakeWord word;
    private final DoorbellRinger ringer;

    WakeTarget(WakeWord word, DoorbellRinger ringer) {
        this.word = word;
        this.ringer = ringer;
    }

    /** Rings the consumer's doorbell if it sleeps and no other producer claimed it first. */
    void wakeIfSleeping() {
        if (word.claimSleeper()) {
            ringer.ring(word.slotAcquire());
        }
    }
}
