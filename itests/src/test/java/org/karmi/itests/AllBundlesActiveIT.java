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
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.component.runtime.ServiceComponentRuntime;
import org.osgi.service.component.runtime.dto.ComponentConfigurationDTO;
import org.osgi.service.component.runtime.dto.ComponentDescriptionDTO;
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
        List<String> problems = new ArrayList<>();
        for (String bsn : expected) {
            Bundle b = find(bsn);
            if (b == null) {
                problems.add(bsn + ": not installed");
            } else if (b.getState() != Bundle.ACTIVE) {
                problems.add(bsn + ": " + stateName(b.getState()) + resolutionHint(b));
            }
        }
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
            List<String> problems = componentProblems(scr);
            while (!problems.isEmpty() && System.currentTimeMillis() < deadline) {
                TimeUnit.MILLISECONDS.sleep(100);
                problems = componentProblems(scr);
            }
            if (!problems.isEmpty()) {
                fail("KaRMI components not satisfied:\n  " + String.join("\n  ", problems));
            }
        } finally {
            tracker.close();
        }
    }

    private List<String> componentProblems(ServiceComponentRuntime scr) {
        List<String> problems = new ArrayList<>();
        for (ComponentDescriptionDTO d : scr.getComponentDescriptionDTOs()) {
            if (!d.bundle.symbolicName.startsWith("org.karmi")) {
                continue;
            }
            if (!scr.isComponentEnabled(d)) {
                if (d.defaultEnabled) {
                    problems.add(d.name + " (" + d.bundle.symbolicName + "): disabled");
                }
                continue;
            }
            for (ComponentConfigurationDTO c : scr.getComponentConfigurationDTOs(d)) {
                switch (c.state) {
                    case ComponentConfigurationDTO.UNSATISFIED_CONFIGURATION:
                        problems.add(d.name + ": unsatisfied configuration");
                        break;
                    case ComponentConfigurationDTO.UNSATISFIED_REFERENCE:
                        StringBuilder refs = new StringBuilder();
                        for (var r : c.unsatisfiedReferences) {
                            refs.append(' ').append(r.name).append(" (").append(r.target).append(')');
                        }
                        problems.add(d.name + ": unsatisfied references" + refs);
                        break;
                    case ComponentConfigurationDTO.FAILED_ACTIVATION:
                        problems.add(d.name + ": failed activation: " + c.failure);
                        break;
                    default:
                        break;
                }
            }
        }
        return problems;
    }

    /** Symbolic names of the configured bundles, read from their manifests. */
    private static List<String> expectedSymbolicNames() throws Exception {
        List<String> names = new ArrayList<>();
        for (String path : KarmiContainer.bundlePaths()) {
            try (JarFile jar = new JarFile(path)) {
                String bsn = jar.getManifest().getMainAttributes().getValue("Bundle-SymbolicName");
                names.add(bsn.split(";")[0].trim());
            }
        }
        return names;
    }

    private Bundle find(String bsn) {
        for (Bundle b : context.getBundles()) {
            if (bsn.equals(b.getSymbolicName())) {
                return b;
            }
        }
        return null;
    }

    private static String resolutionHint(Bundle b) {
        if (b.getState() != Bundle.INSTALLED) {
            return "";
        }
        try {
            b.start();
            return " (started now without error?)";
        } catch (Exception e) {
            return " (" + e.getMessage() + ")";
        }
    }

    private static String stateName(int state) {
        switch (state) {
            case Bundle.INSTALLED: return "INSTALLED (did not resolve)";
            case Bundle.RESOLVED: return "RESOLVED (not started)";
            case Bundle.STARTING: return "STARTING";
            case Bundle.STOPPING: return "STOPPING";
            case Bundle.UNINSTALLED: return "UNINSTALLED";
            default: return "state " + state;
        }
    }
}
