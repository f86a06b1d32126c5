package org.karmi.node.launcher;

import java.util.concurrent.Callable;

import org.osgi.framework.BundleContext;
import org.osgi.framework.launch.Framework;

/**
 * The launcher's main thread in the node: starts the bundles above level 1 ({@link StartLevels}),
 * waits (bounded) until the KaRMI runtime has started
 * every technology registered, reports a technology that did not start, and then waits for the
 * framework to stop. A non-interactive node ends at once with {@value #EXIT_TECHNOLOGY_DOWN}
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
        String down = StartLevels.raise(framework, timeout) ? new NodeState(context).awaitStarted(timeout)
                : "the bundles did not start within " + timeout + " ms";
        if (down != null) {
            System.err.println("karmi-node: " + down);
            if (!interactive) {
                return EXIT_TECHNOLOGY_DOWN;
            }
        }
        framework.waitForStop(0);
        return 0;
    }
}
