package org.karmi.itests;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.fail;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/** Bounded waits of the swap tests: for a service, and for a condition (optionally collecting garbage meanwhile). */
final class Waits {

    private Waits() {
    }

    static <T> T service(BundleContext context, Class<T> type, long boundMillis) throws InterruptedException {
        ServiceTracker<T, T> t = new ServiceTracker<>(context, type, null);
        t.open();
        T s = t.waitForService(boundMillis);
        assertNotNull("no " + type.getSimpleName() + " service within " + boundMillis + " ms", s);
        return s;
    }

    /**
     * Waits until {@code condition} holds, failing with {@code what} after {@code boundMillis};
     * with {@code gc}, runs the garbage collector between looks (so that dropped stubs and
     * unpinned objects go).
     */
    static void until(BooleanSupplier condition, Supplier<String> what, long boundMillis, boolean gc)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + boundMillis + " ms: " + what.get());
            }
            if (gc) {
                System.gc();
            }
            TimeUnit.MILLISECONDS.sleep(gc ? 50 : 20);
        }
    }
}
