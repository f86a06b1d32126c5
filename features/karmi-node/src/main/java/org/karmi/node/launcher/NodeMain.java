package org.karmi.node.launcher;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.SynchronousBundleListener;
import org.osgi.framework.launch.Framework;

/**
 * The launcher's main thread in the node: starts the KaRMI bundles ({@link StartLevels}), waits
 * (bounded) until the runtime has started every technology registered, reports a technology
 * that did not start, starts the shell, and then waits for the framework to stop. A non-interactive node ends at once with {@value #EXIT_TECHNOLOGY_DOWN}
 * when a technology did not start (a port clash, for example), so that a service manager sees
 * it; an interactive one keeps its shell. Called once, on the launcher's main thread.
 */
final class NodeMain implements Callable<Integer> {

    /** Exit status of a non-interactive node whose technologies did not all start (EX_UNAVAILABLE). */
    static final int EXIT_TECHNOLOGY_DOWN = 69;
    /** Framework or system property: bound on the start of the runtime and its technologies (ms). */
    static final String START_TIMEOUT_PROPERTY = "karmi.node.startTimeoutMillis";
    static final long DEFAULT_START_TIMEOUT_MILLIS = 30_000;

    private final Framework framework;
    private final BundleContext context;
    private final boolean interactive;

    NodeMain(Framework framework, BundleContext context, boolean interactive) {
        this.framework = framework;
        this.context = context;
        this.interactive = interactive;
    }

    @Override
    public Integer call() throws Exception {
        long timeout = NodeLauncher.number(context.getProperty(START_TIMEOUT_PROPERTY), DEFAULT_START_TIMEOUT_MILLIS);
        String down = StartLevels.raise(framework, StartLevels.KARMI, timeout)
                ? new NodeState(context).awaitStarted(timeout)
                : "the KaRMI bundles did not start within " + timeout + " ms";
        if (down != null) {
            System.err.println("karmi-node: " + down);
            if (!interactive) {
                return EXIT_TECHNOLOGY_DOWN;
            }
        }
        StartLevels.raise(framework, StartLevels.SHELL, timeout); // the prompt after every start-up line
        awaitStopping();
        return 0;
    }

    /**
     * Returns as soon as the framework begins to stop ({@code stop 0}, the shutdown hook), so
     * that the launcher, not its waiter thread, ends the JVM, with this call's status 0 (its
     * waiter would exit with 117, "framework stopped").
     */
    private void awaitStopping() throws InterruptedException {
        CountDownLatch stopping = new CountDownLatch(1);
        SynchronousBundleListener listener = e -> {
            if (e.getBundle().getBundleId() == 0 && e.getType() == BundleEvent.STOPPING) {
                stopping.countDown();
            }
        };
        context.addBundleListener(listener);
        try {
            while ((framework.getState() & (Bundle.STARTING | Bundle.ACTIVE)) != 0
                    && !stopping.await(1, TimeUnit.SECONDS)) {
                // a stop that began before the listener was added is seen by the state check
            }
        } finally {
            try {
                context.removeBundleListener(listener);
            } catch (IllegalStateException stopped) {
                // the system bundle's context is gone with the framework
            }
        }
    }
}
