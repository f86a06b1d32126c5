package org.karmi.tech.parastation.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * One waiting end registered with its node's {@link Doorbell} under a slot: the thread that
 * currently waits there (a connection may be used by different threads over time), to unpark
 * when the doorbell rings that slot or the connection closes. Thread-safe.
 */
final class Waiter {

    private final int slot;
    private volatile Thread thread;

    Waiter(int slot) {
        this.slot = slot;
    }

    int slot() {
        return slot;
    }

    /** The waiting thread announces itself before it sleeps (a no-op after the first time). */
    void bind(Thread t) {
        if (thread != t) {
            thread = t;
        }
    }

    /** Wakes the waiting thread, if any; a wake-up that finds it awake only shortens its next sleep. */
    void unpark() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    @Override
    public String toString() {
        return "Waiter[slot=" + slot + ", thread=" + thread + "]";
    }
}
