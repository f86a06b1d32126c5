package org.karmi.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The node jar as a user runs it, as a separate process without a terminal (so without the
 * shell): SIGTERM stops the framework, so the ParaStation technology removes its files from
 * the (test-private) domain directory; a TCP port clash ends the node with exit status 69; a
 * conf/ file sets the TCP port and an edit moves it while the node runs; a start-up line shows on
 * the console and in the OSGi Log Service (Gogo's {@code log}, the shell forced on over a pipe); an
 * error that SCR logs to the Log Service (a conf/ file's bad value) shows on the console as well,
 * and KaRMI's own error shows there once.
 */
@Timeout(180)
class NodeProcessIT {

    /** Bound on the node's start and on its stop. */
    private static final long BOUND_MILLIS = 60_000;

    private Path domain;
    private Path output;
    private Process node;

    @BeforeEach
    void domain() throws IOException {
        // short path: doorbell socket addresses are limited to about 100 bytes
        Path shm = Path.of("/dev/shm");
        domain = Files.createTempDirectory(Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")),
                "knode-");
        output = Files.createTempFile("karmi-node-", ".log");
    }

    @AfterEach
    void cleanUp() throws IOException, InterruptedException {
        if (node != null && node.isAlive()) {
            node.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        try (Stream<Path> s = Files.walk(domain)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.deleteIfExists(p);
            }
        }
        Files.deleteIfExists(output);
    }

    @Test
    void sigtermStopsTheFrameworkAndLeavesNoNodeFiles() throws Exception {
        node = start("-Dkarmi.tcp.port=0");
        await("the node lists its tcp address", () -> log().contains(", tcp ") || log().contains("on tcp "));
        await("the node has its files in the domain", () -> nodeFiles().size() > 0);

        node.destroy(); // SIGTERM
        assertTrue(node.waitFor(BOUND_MILLIS, TimeUnit.MILLISECONDS), "the node did not end within "
                + BOUND_MILLIS + " ms of SIGTERM; output:\n" + log());
        assertEquals(128 + 15, node.exitValue(), "ended by SIGTERM; output:\n" + log());
        assertEquals(List.of(), nodeFiles(), "node files left in " + domain + "; output:\n" + log());
    }

    @Test
    void portClashEndsANonInteractiveNodeWithStatus69() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            node = start("-Dkarmi.tcp.port=" + taken.getLocalPort());
            assertTrue(node.waitFor(BOUND_MILLIS, TimeUnit.MILLISECONDS), "the node kept running; output:\n" + log());
        }
        assertEquals(69, node.exitValue(), "output:\n" + log());
        assertTrue(log().contains("technology tcp did not start"), log());
        // printed by the node's LoggerFinder, and not again when it comes back from the Log Service
        assertEquals(1, log().lines().filter(l -> l.contains(" SEVERE org.karmi.core: ")
                && l.contains("could not start technology tcp")).count(), log());
        assertEquals(List.of(), nodeFiles(), "the node stopped its framework, so its files are gone");
    }

    @Test
    void portFromAConfFileAndAnEditMovesItWhileTheNodeRuns() throws Exception {
        Path conf = Files.createDirectory(domain.resolve("conf"));
        int first = freePort();
        int second = freePort();
        Path tcp = conf.resolve("org.karmi.tech.tcp.cfg");
        Files.writeString(tcp, "port = " + first + "\n");
        node = start("-Dfelix.fileinstall.dir=" + conf);
        await("the node listens on the file's port " + first, () -> log().contains("tcp 127.0.0.1:" + first));
        Files.writeString(tcp, "port = " + second + "\n");
        await("the edit moves the node to port " + second, () -> log().contains("tcp 127.0.0.1:" + second));
        assertTrue(log().contains("tcp configuration changed (port " + first + " -> " + second + ")"), log());
        node.destroy();
        assertTrue(node.waitFor(BOUND_MILLIS, TimeUnit.MILLISECONDS), log());
    }

    @Test
    void aStartUpLineShowsOnTheConsoleAndInTheLogService() throws Exception {
        node = start(ProcessBuilder.Redirect.PIPE, "-Dkarmi.tcp.port=0", "-Dkarmi.node.shell=true");
        String marker = "INFO org.karmi.core: ";
        await("the console shows the tcp start-up line", () -> startUpLine(marker) != null);
        String message = startUpLine(marker).substring(startUpLine(marker).indexOf(marker) + marker.length());
        try (OutputStream shell = node.getOutputStream()) {
            shell.write("log 1000 info\n".getBytes(StandardCharsets.UTF_8));
            shell.flush();
            // Gogo's log command: "<date> <time> INFO - Bundle: <bsn> - <message>"
            await("the Log Service has the line from org.karmi.core",
                    () -> log().contains("INFO - Bundle: org.karmi.core - " + message));
        } // end of input: the shell stops the framework
        assertTrue(node.waitFor(BOUND_MILLIS, TimeUnit.MILLISECONDS), log());
    }

    @Test
    void anScrErrorInTheLogServiceShowsOnTheConsole() throws Exception {
        Path conf = Files.createDirectory(domain.resolve("conf"));
        Files.writeString(conf.resolve("org.karmi.tech.tcp.cfg"), "port = abc\n");
        node = start("-Dfelix.fileinstall.dir=" + conf);
        // SCR logs the component's failure to the Log Service only, on behalf of the tcp bundle:
        // "bundle org.karmi.tech.tcp:<version> (<id>)[<component>(<id>)] : Error during instantiation ..."
        await("the console shows SCR's error, with the exception's first line after it", () -> {
            List<String> lines = log().lines().toList();
            for (int i = 0; i + 1 < lines.size(); i++) {
                if (lines.get(i).matches("\\d\\d:\\d\\d:\\d\\d SEVERE \\S+: bundle org\\.karmi\\.tech\\.tcp:.*")
                        && lines.get(i + 1).contains("'abc'")) {
                    return true;
                }
            }
            return false;
        });
        assertTrue(log().lines().noneMatch(l -> l.trim().startsWith("at ")), "first lines only, no stack trace:\n" + log());
        node.destroy();
        assertTrue(node.waitFor(BOUND_MILLIS, TimeUnit.MILLISECONDS), log());
    }

    /** The console's one-line record of the tcp technology's start, or null. */
    private String startUpLine(String marker) {
        return log().lines().filter(l -> l.contains(marker) && l.contains("tcp listening on tcp ")).findFirst().orElse(null);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private Process start(String... options) throws IOException {
        return start(ProcessBuilder.Redirect.from(new File("/dev/null")), options);
    }

    private Process start(ProcessBuilder.Redirect input, String... options) throws IOException {
        Path jar = Path.of(System.getProperty("karmi.node.jar", "../features/karmi-node/target/karmi-node.jar"));
        if (!Files.isRegularFile(jar)) {
            fail("no node jar at " + jar.toAbsolutePath() + ": build features/karmi-node first");
        }
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(options));
        command.add("-Dkarmi.parastation.domainDirectory=" + domain);
        command.add("-jar");
        command.add(jar.toString());
        return new ProcessBuilder(command)
                .redirectInput(input)
                .redirectErrorStream(true)
                .redirectOutput(output.toFile())
                .start();
    }

    private String log() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** The node files (node-N.psn) and doorbells (.bell) in the domain; domain.psd is the domain's own. */
    private List<String> nodeFiles() {
        try (Stream<Path> s = Files.list(domain)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("node-") || n.endsWith(".bell"))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void await(String what, BooleanSupplier condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
        while (!condition.getAsBoolean()) {
            if (!node.isAlive()) {
                fail("the node ended (status " + node.exitValue() + ") before: " + what + "; output:\n" + log());
            }
            if (System.nanoTime() - deadline > 0) {
                fail("not within " + BOUND_MILLIS + " ms: " + what + "; output:\n" + log());
            }
            Thread.sleep(50);
        }
    }
}
