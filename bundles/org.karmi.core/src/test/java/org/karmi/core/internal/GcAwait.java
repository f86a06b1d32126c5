package org.karmi.core.internal;

import java.util.concurrent.TimeUnit;

/**
 * Waits, with a bound, for a condition that needs the garbage collector to run: stubs becoming
 * unreachable (their collectors hear of it from a {@code Cleaner}), unpinned objects leaving
 * the table. Runs a collection in this JVM between checks; a condition may itself ask another
 * JVM to collect.
 */
final class GcAwait {

    /** A condition; may make remote calls. */
    @FunctionalInterface
    interface Condition {
        boolean test() throws Exception;
    }

    private static final long POLL_MILLIS = 20;

    private GcAwait() {
    }

    /** Bound of {@link #until(Condition, String)}. */
    static final long DEFAULT_BOUND_MILLIS = 30_000;

    /** Returns once {@code condition} holds; fails naming {@code what} after 30 s. */
    static void until(Condition condition, String what) throws Exception {
        until(condition, DEFAULT_BOUND_MILLIS, what);
    }

    /** Returns once {@code condition} holds; fails naming {@code what} after {@code boundMillis}. */
    static void until(Condition condition, long boundMillis, String what) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        while (!condition.test()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + boundMillis + " ms: " + what);
            }
            System.gc();
            Thread.sleep(POLL_MILLIS);
        }
    }
}
