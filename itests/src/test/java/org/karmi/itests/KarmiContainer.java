package org.karmi.itests;

import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.cleanCaches;
import static org.ops4j.pax.exam.CoreOptions.junitBundles;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

import org.ops4j.pax.exam.CoreOptions;
import org.ops4j.pax.exam.Option;

/**
 * The Felix container every KaRMI itest boots: SCR and its dependencies, then every KaRMI
 * bundle built by this reactor (system property {@code karmi.bundle.paths}, set by the pom).
 */
final class KarmiContainer {

    private KarmiContainer() {
    }

    /** Paths of the reactor's KaRMI bundles. */
    static List<String> bundlePaths() {
        String paths = System.getProperty("karmi.bundle.paths");
        if (paths == null || paths.isBlank()) {
            throw new IllegalStateException("system property karmi.bundle.paths not set (run through Maven failsafe)");
        }
        List<String> out = new ArrayList<>();
        for (String p : paths.split(",")) {
            if (!p.isBlank()) {
                out.add(p.trim());
            }
        }
        return out;
    }

    /** Felix + SCR + every KaRMI bundle + JUnit, plus {@code extra}. */
    static Option[] options(Option... extra) {
        List<Option> all = new ArrayList<>();
        all.add(cleanCaches());
        // quieten pax-logging-api's fallback logger (DEBUG by default)
        all.add(systemProperty("org.ops4j.pax.logging.DefaultServiceLog.level").value(System.getProperty("karmi.it.log", "WARN")));
        // an ephemeral TCP port: the tests must not depend on the default port being free
        all.add(systemProperty("karmi.tcp.port").value("0"));
        all.add(mavenBundle("org.osgi", "org.osgi.util.function", System.getProperty("osgi.function.version")));
        all.add(mavenBundle("org.osgi", "org.osgi.service.component", System.getProperty("osgi.ds.version")));
        all.add(mavenBundle("org.osgi", "org.osgi.util.promise", System.getProperty("osgi.promise.version")));
        all.add(mavenBundle("org.apache.felix", "org.apache.felix.scr", System.getProperty("felix.scr.version")));
        for (String path : bundlePaths()) {
            all.add(bundle(new File(path).toURI().toString()));
        }
        all.add(junitBundles());
        all.addAll(List.of(extra));
        return CoreOptions.options(all.toArray(new Option[0]));
    }
}
