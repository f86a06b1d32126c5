package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

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
import org.osgi.util.tracker.ServiceTracker;

/**
 * Proves that the checks of {@link AllBundlesActiveIT} fail, naming the culprit, when a
 * bundle does not resolve or a component is unsatisfied: installs two deliberately broken
 * bundles built in the test and asserts what {@link KarmiHealth} reports.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class HealthCheckCatchesBrokenBundlesIT {

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options();
    }

    @Test
    public void unresolvableBundleIsReportedByName() throws Exception {
        Bundle broken = install("org.karmi.test.unresolvable", "Import-Package", "org.karmi.does.not.exist", null);
        try {
            List<String> problems = KarmiHealth.bundleProblems(context, List.of("org.karmi.test.unresolvable"));
            assertEquals(problems.toString(), 1, problems.size());
            assertTrue(problems.get(0), problems.get(0).startsWith("org.karmi.test.unresolvable: INSTALLED"));
            assertTrue(problems.get(0), problems.get(0).contains("org.karmi.does.not.exist"));
        } finally {
            broken.uninstall();
        }
    }

    @Test
    public void unsatisfiedComponentIsReportedByName() throws Exception {
        String xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<scr:component xmlns:scr=\"http://www.osgi.org/xmlns/scr/v1.3.0\" name=\"org.karmi.test.Needy\">\n"
                + "  <implementation class=\"org.karmi.test.Needy\"/>\n"
                + "  <reference name=\"missing\" interface=\"org.karmi.test.Missing\" cardinality=\"1..1\"/>\n"
                + "</scr:component>\n";
        Bundle needy = install("org.karmi.test.needy", "Service-Component", "OSGI-INF/needy.xml", xml);
        try {
            needy.start();
            ServiceTracker<ServiceComponentRuntime, ServiceComponentRuntime> tracker =
                    new ServiceTracker<>(context, ServiceComponentRuntime.class, null);
            tracker.open();
            try {
                ServiceComponentRuntime scr = tracker.waitForService(TimeUnit.SECONDS.toMillis(20));
                assertNotNull("ServiceComponentRuntime not available", scr);
                long deadline = System.currentTimeMillis() + TimeUnit.SECONDS.toMillis(20);
                List<String> problems = KarmiHealth.componentProblems(scr, "org.karmi.test.needy");
                while (problems.isEmpty() && System.currentTimeMillis() < deadline) {
                    TimeUnit.MILLISECONDS.sleep(50); // SCR reads the component asynchronously
                    problems = KarmiHealth.componentProblems(scr, "org.karmi.test.needy");
                }
                assertEquals(problems.toString(), 1, problems.size());
                assertTrue(problems.get(0), problems.get(0).startsWith("org.karmi.test.Needy (org.karmi.test.needy): unsatisfied reference missing"));
            } finally {
                tracker.close();
            }
        } finally {
            needy.uninstall();
        }
    }

    /** Installs a bundle with one extra manifest header and optionally one OSGI-INF resource. */
    private Bundle install(String bsn, String header, String value, String resource) throws Exception {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", bsn);
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue(header, value);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, m)) {
            if (resource != null) {
                jar.putNextEntry(new JarEntry(value));
                jar.write(resource.getBytes(StandardCharsets.UTF_8));
                jar.closeEntry();
            }
        }
        return context.installBundle("test:" + bsn, new ByteArrayInputStream(bytes.toByteArray()));
    }
}
