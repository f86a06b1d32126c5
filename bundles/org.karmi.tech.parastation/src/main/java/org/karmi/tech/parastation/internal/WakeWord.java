package org.karmi.tech.parastation.internal;

import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

import org.karmi.tech.parastation.internal.ring.ByteBufferAccess;

/**
 * A flyweight over a waiter's wake word and doorbell slot in shared memory: the waiter
 * {@linkplain #sleep() announces} that it is about to block, re-checks its ring and blocks;
 * a producer that published a record {@linkplain #claimSleeper() claims} the sleeper (one
 * compare-and-set from SLEEPING to AWAKE, so only one producer rings) and then rings the
 * waiter's node doorbell with {@link #slotAcquire() the slot}. The two sides form a Dekker
 * pair: waiter {@code store word; full fence; load ring}, producer {@code store record; full
 * fence; load word}; at least one of them sees the other's store, so a record is never left
 * unseen by a sleeping waiter. Threading: one waiter thread; any number of producer threads.
 */
final class WakeWord {

    static final int AWAKE = 0;
    static final int SLEEPING = 1;

    private final ByteBuffer buffer;
    private final int wordOffset;
    private final int slotOffset;

    /**
     * @param slotOffset offset of the slot word, or -1 if the waiter is the node's conductor
     *                   (whose doorbell slot is {@link Doorbell#CONDUCTOR_SLOT})
     */
    WakeWord(ByteBuffer buffer, int wordOffset, int slotOffset) {
        this.buffer = buffer;
        this.wordOffset = wordOffset;
        this.slotOffset = slotOffset;
    }

    /** Waiter: publishes its doorbell slot (once, before any producer can need it). */
    void putSlotRelease(int slot) {
        ByteBufferAccess.putIntRelease(buffer, slotOffset, slot);
    }

    /** Producer: the waiter's doorbell slot. */
    int slotAcquire() {
        return slotOffset < 0 ? Doorbell.CONDUCTOR_SLOT : ByteBufferAccess.getIntAcquire(buffer, slotOffset);
    }

    /** Waiter: announces it is going to sleep; a full fence follows, before it re-checks its ring. */
    void sleep() {
        ByteBufferAccess.INT.setVolatile(buffer, wordOffset, SLEEPING);
        VarHandle.fullFence();
    }

    /**
     * Waiter: back awake.
     *
     * @return the previous value: {@link #AWAKE} if a producer claimed the sleeper (a doorbell
     *         is on its way or has arrived), {@link #SLEEPING} otherwise
     */
    int awake() {
        return (int) ByteBufferAccess.INT.getAndSet(buffer, wordOffset, AWAKE);
    }

    /**
     * Producer, after publishing: whether the waiter sleeps and this call claimed it, so the
     * caller must ring the doorbell. Costs a full fence and one load while the waiter is awake.
     */
    boolean claimSleeper() {
        VarHandle.fullFence();
        return ByteBufferAccess.getIntAcquire(buffer, wordOffset) == SLEEPING
                && ByteBufferAccess.INT.compareAndSet(buffer, wordOffset, SLEEPING, AWAKE);
    }

    /** The current value (tests, diagnostics). */
    int getAcquire() {
        return ByteBufferAccess.getIntAcquire(buffer, wordOffset);
    }
}
