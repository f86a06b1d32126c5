package org.karmi.core.internal;

/**
 * Keeps the JVM alive while a node has exported objects, as {@code java.rmi} does: a
 * non-daemon thread runs from the first export until the last unexport (registries do not
 * count: java.rmi exports them permanent, so a JVM with only a registry ends with its
 * {@code main}), so that a server's
 * {@code main} may return. Used for the node behind the static facade only (in OSGi the
 * framework keeps the JVM alive). Thread-safe: the count and the thread are guarded by this
 * object's monitor.
 */
final class KeepAlive {

    private final String threadName;
    private int count;
    private Thread thread;

    KeepAlive(String threadName) {
        this.threadName = threadName;
    }

    /** One more exported object; starts the thread on the first. */
    synchronized void exported() {
        if (count++ == 0) {
            Thread t = new Thread(this::waitForLastUnexport, threadName);
            t.setDaemon(false);
            thread = t;
            t.start();
        }
    }

    /** One exported object less; the thread ends after the last. */
    synchronized void unexported() {
        if (count == 0) {
            return;
        }
        if (--count == 0) {
            thread = null;
            notifyAll();
        }
    }

    /** Ends the thread whatever the count (the node closed). */
    synchronized void release() {
        count = 0;
        thread = null;
        notifyAll();
    }

    /** Number of objects keeping the JVM alive. */
    synchronized int count() {
        return count;
    }

    /** Whether a keep-alive thread runs (or is about to end). */
    synchronized boolean active() {
        return thread != null;
    }

    private synchronized void waitForLastUnexport() {
        Thread me = Thread.currentThread();
        while (thread == me) {
            try {
                wait();
            } catch (InterruptedException e) {
                // only the count ends this thread
            }
        }
    }
}
