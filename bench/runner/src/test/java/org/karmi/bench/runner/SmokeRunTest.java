package org.karmi.bench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.karmi.bench.runner.report.Report;

/**
 * Runs the whole collection in smoke mode (a few calls of everything) over every
 * configuration that starts here, and checks that it produced what the report needs. Speed
 * is not asserted.
 */
class SmokeRunTest {

    @TempDir
    static Path dir;
    static Results results;
    static Path report;
    static String log;

    @BeforeAll
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    static void runSmoke() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream logStream = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        results = new Runner(new Runner.Options(Mode.smoke(), null, List.of(), dir, false, logStream, List.of())).run();
        log = bytes.toString(StandardCharsets.UTF_8);
        report = new Report(results, dir, new Report.Meta("smoke", "SmokeRunTest", Environment.read(null), "now",
                Duration.ZERO, NodeLauncher.JVM_OPTIONS)).write();
    }

    @Test
    void javaRmiAndTheSocketFloorRan() {
        assertTrue(results.running().contains(Configuration.RMI), () -> results.configurations + "\n" + log);
        assertTrue(results.configurations.get(Configuration.SOCKET).startsWith("ran"), log);
    }

    @Test
    void everyConstellationOfEveryRunningConfigurationProducedANumber() {
        assertEquals(List.of(), results.failures, log);
        List<String> missing = new ArrayList<>();
        for (String attempted : results.attempted) {
            int bar = attempted.lastIndexOf(" | ");
            String label = attempted.substring(0, bar);
            String config = attempted.substring(bar + 3);
            int colon = label.indexOf(": ");
            String section = label.substring(0, colon);
            String constellation = label.substring(colon + 2);
            boolean found = results.rows.stream().anyMatch(r -> r.section().equals(section)
                    && r.constellation().equals(constellation) && r.config().equals(config)
                    && !Double.isNaN(r.medianUs()) && r.medianUs() > 0);
            if (!found) {
                missing.add(attempted);
            }
        }
        assertEquals(List.of(), missing);
        for (Configuration c : results.running()) {
            long kernels = results.section("kernel").stream().filter(r -> r.config().equals(c.key())).count();
            // 3 primitive kernels + 5 obj kernels (incl. star) x every factory
            assertEquals(3 + 5 * Mode.smoke().factories().size(), kernels, c.label());
        }
    }

    @Test
    void everyApplicationAnsweredCorrectly() {
        List<Row> apps = results.section("app");
        assertEquals(3 * results.running().size(), apps.size(), () -> apps + "\n" + log);
        for (Row r : apps) {
            assertEquals("true", r.get("correct"), r.toString());
        }
    }

    @Test
    void reportCsvAndPicturesWereWritten() throws Exception {
        String md = Files.readString(report);
        assertTrue(md.contains("## Kernels"), md);
        assertTrue(md.contains("## Small applications"), md);
        assertTrue(md.contains("## Bandwidth"), md);
        assertTrue(md.contains("| commit |"), md);
        List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
        assertEquals(results.rows.size() + 1, csv.size());
        for (String png : List.of("bandwidth.png", "calls-per-second.png")) {
            assertTrue(Files.size(dir.resolve(png)) > 1000, png);
            assertTrue(md.contains("(" + png + ")"), png);
        }
        if (results.running().size() > 1) {
            assertTrue(Files.size(dir.resolve("fig4-saved-boxplot.png")) > 1000);
            assertTrue(Files.size(dir.resolve("fig5-saved-vs-bytes.png")) > 1000);
        }
    }

    @Test
    @Timeout(30)
    void noNodeJvmOutlivesTheRun() throws Exception {
        for (ProcessHandle child : ProcessHandle.current().children().toList()) {
            child.onExit().get(20, TimeUnit.SECONDS);
        }
        assertEquals(List.of(), ProcessHandle.current().children().filter(ProcessHandle::isAlive).toList());
    }
}
