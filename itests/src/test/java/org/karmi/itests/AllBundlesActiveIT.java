package org.karmi.itests;

import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;

import javax.inject.Inject;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Boots Felix with every KaRMI bundle and fails, naming the culprit, if a bundle is not
 * ACTIVE or a declarative-services component of ours is unsatisfied or failed to activate.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class AllBundlesActiveIT {

    private static final long SETTLE_MILLIS = TimeUnit.SECONDS.toMillis(20);

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options();
    }

    @Test
    public void everyKarmiBundleIsActive() throws Exception {
        List<String> expected = expectedSymbolicNames();
        assertTrue("no KaRMI bundles configured", !expected.isEmpty());
        List<String> problems = KarmiHealth.bundleProblems(context, expected);
        if (!problems.isEmpty()) {
            fail("KaRMI bundles not ACTIVE:\n  " + String.join("\n  ", problems));
        }
    }

    @Test
    public void everyKarmiComponentIsSatisfied() throws Exception {
        ServiceTracker<ServiceComponentRuntime, ServiceComponentRuntime> tracker =
                new ServiceTracker<>(context, ServiceComponentRuntime.class, null);
        tracker.open();
        try {
            ServiceComponentRuntime scr = tracker.waitForService(SETTLE_MILLIS);
            assertTrue("ServiceComponentRuntime not available", scr != null);
            // SCR activates asynchronously: wait (bounded) until no component of ours is unsatisfied
            long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
            List<String> problems = KarmiHealth.componentProblems(scr, "org.karmi");
            while (!problems.isEmpty() && System.currentTimeMillis() < deadline) {
                TimeUnit.MILLISECONDS.sleep(100);
                problems = KarmiHealth.componentProblems(scr, "org.karmi");
            }
            if (!problems.isEmpty()) {
                fail("KaRMI components not satisfied:\n  " + String.join("\n  ", problems));
            }
        } finally {
            tracker.close();
        }
    }

    /** Symbolic names of the configured bundles, read from their manifests. */
    static List<String> expectedSymbolicNames() throws Exception {
        List<String> names = new ArrayList<>();
        for (String path : KarmiContainer.bundlePaths()) {
            try (JarFile jar = new JarFile(path)) {
                String bsn = jar.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
                names.add(bsn.split(";")[0].trim());
            }
        }
        return names;
    }
}
