package org.karmi.dgc.lease.internal;

import java.lang.System.Logger.Level;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Runs a {@link LeaseAgent} on one daemon thread that sleeps until the agent's next deadline
 * or until an event {@linkplain #signal signals} new work. Thread-safe: {@link #signal} from
 * any thread, {@link #close} once.
 */
final class AgentRunner implements Runnable {

    private static final System.Logger LOG = System.getLogger("org.karmi.dgc.lease");
    /** Longest single sleep: a clock that jumps cannot make the thread oversleep for long. */
    private static final long MAX_PARK_MILLIS = 60_000;
    /** Pause after an unexpected exception, so that a persistent one does not spin. */
    private static final long ERROR_PAUSE_MILLIS = 1_000;

    private final LongSupplier clock;
    private final Thread thread;
    private volatile LeaseAgent agent;
    private volatile boolean running = true;

    AgentRunner(String threadName, LongSupplier clock) {
        this.clock = clock;
        this.thread = new Thread(this, threadName);
        thread.setDaemon(true);
    }

    /** Starts running {@code agent}. */
    void start(LeaseAgent agent) {
        this.agent = agent;
        thread.start();
    }

    /** Wakes the thread: an event made work. Cheap; an early wake-up only costs one empty step. */
    void signal() {
        LockSupport.unpark(thread);
    }

    @Override
    public void run() {
        while (running) {
            long pause;
            try {
                agent.doWork(clock.getAsLong());
                pause = agent.nextDeadline() - clock.getAsLong();
            } catch (RuntimeException e) {
                LOG.log(Level.ERROR, "lease collector step failed", e);
                pause = ERROR_PAUSE_MILLIS;
            }
            if (pause > 0 && running) {
                // a signal that came during doWork left a permit: park returns at once
                LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(Math.min(pause, MAX_PARK_MILLIS)));
            }
        }
    }

    /** Stops the thread and waits for it at most {@code waitMillis} (it may be inside a bounded call). */
    void close(long waitMillis) {
        running = false;
        agent.close();
        thread.interrupt();
        try {
            thread.join(Math.max(1, waitMillis));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The thread (tests). */
    Thread thread() {
        return thread;
    }
}
