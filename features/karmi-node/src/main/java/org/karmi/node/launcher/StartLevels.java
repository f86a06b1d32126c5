package org.karmi.node.launcher;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.startlevel.BundleStartLevel;
import org.osgi.framework.startlevel.FrameworkStartLevel;

/**
 * The node's start order, set on the installed bundles before the launcher starts them: level
 * 1 for the framework services (SCR, Configuration Admin, File Install, which reads
 * {@code conf/} as it starts), level {@value #KARMI} for the KaRMI bundles (their components
 * find their configuration at once), level {@value #SHELL} for the Gogo shell (its prompt comes
 * after the node's start-up lines). Kept out of the bndrun so that its {@code -runbundles} stay
 * exactly what the resolver computes (the build compares them). Used on the launcher's thread.
 */
final class StartLevels {

    static final int KARMI = 2;
    static final int SHELL = 3;
    static final String SHELL_BUNDLE = "org.apache.felix.gogo.shell";

    private StartLevels() {
    }

    /** Gives every installed bundle its level; the framework stays at level 1 until {@link #raise raised}. */
    static void assign(BundleContext context) {
        for (Bundle b : context.getBundles()) {
            String bsn = b.getSymbolicName();
            if (b.getBundleId() == 0 || bsn == null) {
                continue;
            }
            int level = bsn.equals(SHELL_BUNDLE) ? SHELL : bsn.startsWith("org.karmi.") ? KARMI : 1;
            b.adapt(BundleStartLevel.class).setStartLevel(level);
        }
    }

    /**
     * Raises the framework to {@code level}, starting the bundles up to it level by level, and
     * waits for it with a bound.
     *
     * @return whether the framework reached the level in time
     */
    static boolean raise(Framework framework, int level, long timeoutMillis) throws InterruptedException {
        FrameworkStartLevel fsl = framework.adapt(FrameworkStartLevel.class);
        if (fsl.getStartLevel() >= level) {
            return true;
        }
        CountDownLatch reached = new CountDownLatch(1);
        fsl.setStartLevel(level, event -> {
            if (event.getType() == FrameworkEvent.STARTLEVEL_CHANGED) {
                reached.countDown();
            }
        });
        return reached.await(timeoutMillis, TimeUnit.MILLISECONDS);
    }
}
