package org.karmi.spi.transport;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Logs one kind of repeated event (a refused connection, a dead peer) at most once per
 * interval, with the number of events since the last line, so that a flood of them cannot
 * flood the log. Ready-made for technologies. Thread-safe and lock-free; a suppressed event
 * costs one atomic add and one time read.
 */
public final class LogLimiter {

    private final Logger logger;
    private final Level level;
    private final long intervalNanos;
    private final AtomicLong suppressed = new AtomicLong();
    private final AtomicLong nextLineNanos;

    /** Logs to {@code logger} at {@code level}, at most one line per {@code intervalMillis}. */
    public LogLimiter(Logger logger, Level level, long intervalMillis) {
        this.logger = logger;
        this.level = level;
        this.intervalNanos = intervalMillis * 1_000_000L;
        this.nextLineNanos = new AtomicLong(System.nanoTime());
    }

    /**
     * Counts one event and logs {@code message} (with the count of the events it stands for)
     * if the interval has passed since the last line.
     *
     * @return whether a line was written
     */
    public boolean log(String message) {
        long count = suppressed.incrementAndGet();
        long now = System.nanoTime();
        long next = nextLineNanos.get();
        if (now - next < 0 || !nextLineNanos.compareAndSet(next, now + intervalNanos)) {
            return false;
        }
        count = suppressed.getAndSet(0);
        if (logger.isLoggable(level)) {
            logger.log(level, count <= 1 ? message : message + " (and " + (count - 1) + " more like it since the last such line)");
        }
        return true;
    }
}
