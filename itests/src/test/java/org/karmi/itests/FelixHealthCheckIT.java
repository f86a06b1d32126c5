package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;

import java.io.File;
import java.util.concurrent.TimeUnit;

import javax.inject.Inject;

import org.apache.felix.hc.api.HealthCheck;
import org.apache.felix.hc.api.Result;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.FrameworkUtil;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The node's Felix Health Check is green while every technology runs and listens, goes red
 * when the TCP bundle stops, and green again when it starts.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class FelixHealthCheckIT {

    /** Versions of the Health Check API and its logging (itests/pom.xml has them as dependencies). */
    static final String HC_API_VERSION = "2.0.4";
    static final String SLF4J_VERSION = "1.7.36";

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options(
                mavenBundle("org.apache.felix", "org.apache.felix.gogo.runtime", ShellCommandsIT.GOGO_RUNTIME_VERSION),
                mavenBundle("org.slf4j", "slf4j-api", SLF4J_VERSION),
                mavenBundle("org.slf4j", "slf4j-simple", SLF4J_VERSION).noStart(),
                mavenBundle("org.apache.felix", "org.apache.felix.healthcheck.api", HC_API_VERSION),
                bundle(new File(ShellCommandsIT.shellBundlePath()).toURI().toString()));
    }

    private HealthCheck check() throws Exception {
        ServiceTracker<HealthCheck, HealthCheck> t = new ServiceTracker<>(context,
                context.createFilter("(&(objectClass=" + HealthCheck.class.getName() + ")(hc.name=KaRMI node))"), null);
        t.open();
        HealthCheck c = t.waitForService(TimeUnit.SECONDS.toMillis(20));
        assertNotNull("no KaRMI health check within 20 s", c);
        return c;
    }

    private static Result await(HealthCheck check, Result.Status wanted) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        Result r = check.execute();
        while (r.getStatus() != wanted) {
            if (System.nanoTime() - deadline > 0) {
                fail("not " + wanted + " within 20 s: " + r);
            }
            Thread.sleep(50);
            r = check.execute();
        }
        return r;
    }

    private Bundle tcpBundle() {
        for (Bundle b : context.getBundles()) {
            if ("org.karmi.tech.tcp".equals(b.getSymbolicName())) {
                return b;
            }
        }
        throw new AssertionError("org.karmi.tech.tcp not installed");
    }

    @Test
    public void checkGoesRedWhenTheTcpBundleStopsAndGreenWhenItStarts() throws Exception {
        HealthCheck check = check();
        Result green = await(check, Result.Status.OK);
        assertTrue(green.toString(), green.toString().contains("tcp running, listening on tcp"));

        Bundle tcp = tcpBundle();
        tcp.stop();
        try {
            Result red = check.execute();
            assertEquals(red.toString(), Result.Status.CRITICAL, red.getStatus());
            assertTrue(red.toString(), red.toString().contains("org.karmi.tech.tcp (RESOLVED) registers no technology"));
        } finally {
            tcp.start();
        }
        await(check, Result.Status.OK);
        assertNotNull(FrameworkUtil.getBundle(HealthCheck.class));
    }
}
