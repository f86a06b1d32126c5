package org.karmi.itests;

import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.osgi.framework.FrameworkUtil;

/**
 * What the OSGi Remote Services itests share: the Aries RSA bundles as the pom lists them, the
 * provider bundle built from {@code org.karmi.itests.rsa}, and a second node (the node jar in a
 * JVM of its own) with extra bundles and configurations in its File Install directory.
 */
final class RsaNodes {

    private RsaNodes() {
    }

    /** Aries RSA (spi, core, topology manager, config discovery) and org.karmi.rsa, as the pom lists them. */
    static List<String> rsaBundlePaths() {
        String paths = System.getProperty("karmi.rsa.bundle.paths");
        if (paths == null || paths.isBlank()) {
            throw new IllegalStateException("system property karmi.rsa.bundle.paths not set (run through Maven failsafe)");
        }
        return Arrays.stream(paths.split(",")).map(String::trim).filter(p -> !p.isEmpty()).collect(Collectors.toList());
    }

    /**
     * The jar of a dependency of this module in the local Maven repository (failsafe passes its
     * location to pax-url; the pom's dependency puts the jar there).
     */
    static Path localJar(String groupId, String artifactId, String version) {
        String repo = System.getProperty("org.ops4j.pax.url.mvn.localRepository");
        if (repo == null || repo.isBlank()) {
            throw new IllegalStateException("system property org.ops4j.pax.url.mvn.localRepository not set (run through Maven failsafe)");
        }
        Path jar = Path.of(repo, groupId.split("\\.")).resolve(artifactId).resolve(version)
                .resolve(artifactId + "-" + version + ".jar");
        if (!Files.isRegularFile(jar)) {
            fail("no " + jar + ": it is a test dependency of itests/pom.xml, build the module once online");
        }
        return jar;
    }

    /** The provider bundle: the api package (exported) and the provider package, copied from this probe. */
    static byte[] providerBundle() throws IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", "org.karmi.itests.rsa.provider");
        a.putValue("Bundle-Version", "1.0.0");
        a.putValue("Bundle-Activator", "org.karmi.itests.rsa.provider.GreeterProvider");
        a.putValue("Export-Package", "org.karmi.itests.rsa.api;version=\"1.0.0\"");
        a.putValue("Import-Package", "org.karmi.itests.rsa.api;version=\"[1.0,2)\",org.osgi.framework,"
                + "org.osgi.service.remoteserviceadmin;version=\"[1.1,2)\"");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Enumeration<URL> entries = FrameworkUtil.getBundle(RsaNodes.class).findEntries("org/karmi/itests/rsa", "*.class", true);
        assertNotNull("the probe holds org.karmi.itests.rsa", entries);
        try (JarOutputStream jar = new JarOutputStream(bytes, m)) {
            while (entries.hasMoreElements()) {
                URL u = entries.nextElement();
                String path = u.getPath().startsWith("/") ? u.getPath().substring(1) : u.getPath();
                jar.putNextEntry(new JarEntry(path));
                try (InputStream in = u.openStream()) {
                    in.transferTo(jar);
                }
                jar.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    /**
     * ZooKeeper's client and server (3.5 on they are not bundles) as one bundle at {@code out}: the
     * classes and resources of {@code jars}, every package exported at {@code version}, SLF4J
     * imported, the JDK's {@code javax.*} and the optional rest (netty, metrics) imported dynamically.
     */
    static Path wrapAsBundle(Path out, String symbolicName, String version, Path... jars) throws IOException {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Bundle-ManifestVersion", "2");
        a.putValue("Bundle-SymbolicName", symbolicName);
        a.putValue("Bundle-Version", version);
        java.util.Set<String> seen = new java.util.HashSet<>();
        java.util.SortedSet<String> packages = new java.util.TreeSet<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes)) {
            for (Path j : jars) {
                try (java.util.jar.JarFile in = new java.util.jar.JarFile(j.toFile())) {
                    for (JarEntry e : java.util.Collections.list(in.entries())) {
                        String name = e.getName();
                        if (e.isDirectory() || name.equalsIgnoreCase("META-INF/MANIFEST.MF") || name.startsWith("META-INF/maven/")
                                || name.matches("META-INF/[^/]+\\.(SF|RSA|DSA)") || !seen.add(name)) {
                            continue;
                        }
                        if (name.endsWith(".class") && name.lastIndexOf('/') > 0 && !name.startsWith("META-INF/")) {
                            packages.add(name.substring(0, name.lastIndexOf('/')).replace('/', '.'));
                        }
                        jar.putNextEntry(new JarEntry(name));
                        try (InputStream is = in.getInputStream(e)) {
                            is.transferTo(jar);
                        }
                        jar.closeEntry();
                    }
                }
            }
        }
        a.putValue("Export-Package", packages.stream().map(p -> p + ";version=\"" + version + "\"").collect(Collectors.joining(",")));
        a.putValue("Import-Package", "org.slf4j;version=\"[1.7,3)\"");
        a.putValue("DynamicImport-Package", "*");
        try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(out), m);
                java.util.jar.JarInputStream in = new java.util.jar.JarInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            for (JarEntry e = in.getNextJarEntry(); e != null; e = in.getNextJarEntry()) {
                jar.putNextEntry(new JarEntry(e.getName()));
                in.transferTo(jar);
                jar.closeEntry();
            }
        }
        return out;
    }

    /** Deletes a directory tree (the test's work directory). */
    static void deleteTree(Path root) throws IOException {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** A node jar started in a JVM of its own, its output in a file. */
    static final class Node implements AutoCloseable {
        final Process process;
        private final Path output;

        private Node(Process process, Path output) {
            this.process = process;
            this.output = output;
        }

        /** Starts {@code java <options> -jar karmi-node.jar}, stdin from /dev/null, output into {@code output}. */
        static Node start(Path output, String... options) throws IOException {
            Path jar = Path.of(System.getProperty("karmi.node.jar", "../features/karmi-node/target/karmi-node.jar"));
            if (!Files.isRegularFile(jar)) {
                fail("no node jar at " + jar.toAbsolutePath() + ": build features/karmi-node first");
            }
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(List.of(options));
            command.add("-jar");
            command.add(jar.toString());
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectErrorStream(true).redirectOutput(output.toFile()).start();
            return new Node(p, output);
        }

        /** The node's output so far. */
        String log() {
            try {
                return Files.readString(output, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "(unreadable: " + e + ")";
            }
        }

        /** Waits until {@code condition} holds; fails when the node ends first or after {@code boundMillis}. */
        void await(String what, long boundMillis, BooleanSupplier condition) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
            while (!condition.getAsBoolean()) {
                if (!process.isAlive()) {
                    fail("the node ended (status " + process.exitValue() + ") before: " + what + "; its output:\n" + log());
                }
                if (System.nanoTime() - deadline > 0) {
                    fail("not within " + boundMillis + " ms: " + what + "; the node's output:\n" + log());
                }
                Thread.sleep(50);
            }
        }

        /** Ends the node at once (SIGKILL) and waits (bounded) until it has ended. */
        @Override
        public void close() throws InterruptedException {
            if (process.isAlive()) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
