package org.karmi.node.launcher;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleException;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.launch.Framework;

/**
 * The JVM shutdown hook of the node: stops the framework (every bundle's deactivation runs, so
 * the ParaStation technology removes its files from the shared-memory directory) and waits for
 * it with a bound, so that a bundle that hangs cannot keep the JVM from ending. Runs once, on
 * the JVM's shutdown thread.
 */
final class FrameworkStopper implements Runnable {

    private final Framework framework;
    private final long timeoutMillis;

    FrameworkStopper(Framework framework, long timeoutMillis) {
        this.framework = framework;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public void run() {
        if ((framework.getState() & (Bundle.STARTING | Bundle.ACTIVE | Bundle.STOPPING)) == 0) {
            return; // stopped already (stop 0, or the launcher's own exit)
        }
        try {
            framework.stop();
            FrameworkEvent e = framework.waitForStop(timeoutMillis);
            if (e.getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                System.err.println("karmi-node: the framework did not stop within " + timeoutMillis
                        + " ms; exiting anyway (files of bundles still stopping may be left)");
            }
        } catch (BundleException e) {
            System.err.println("karmi-node: could not stop the framework: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
