package org.karmi.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The Greeter example as the README tells a user to run it: {@code examples/run-two-nodes} starts
 * the node jar twice (two JVMs) with the deploy directories the examples build
 * ({@code examples/target/deploy-provider}, {@code deploy-consumer}); the consumer node imports the
 * provider node's Greeter through Aries' config discovery and its DS component logs both answers,
 * the String one and the DTO one made in the other process; stopping the provider node makes the
 * consumer log that its Greeter is gone; the script stops both nodes and ends with status 0.
 */
@Timeout(120)
class ExamplesIT {

    /** Bound on the script: each of its own waits is bounded by KARMI_EXAMPLE_TIMEOUT (30 s). */
    private static final long BOUND_SECONDS = 100;

    private Process script;
    private Path output;

    @AfterEach
    void cleanUp() throws IOException, InterruptedException {
        if (script != null && script.isAlive()) {
            List<ProcessHandle> nodes = script.descendants().collect(Collectors.toList());
            script.destroy(); // SIGTERM: the script's trap stops both nodes
            if (!script.waitFor(30, TimeUnit.SECONDS)) {
                script.destroyForcibly();
            }
            nodes.forEach(ProcessHandle::destroyForcibly);
        }
        if (output != null) {
            Files.deleteIfExists(output);
        }
    }

    @Test
    void consumerNodeCallsTheGreeterOfTheProviderNodeAndSeesItGo() throws Exception {
        Path run = Path.of(System.getProperty("karmi.examples.script", "../examples/run-two-nodes"));
        if (!Files.isRegularFile(run)) {
            fail("no script at " + run.toAbsolutePath());
        }
        output = Files.createTempFile("karmi-examples-", ".log");
        ProcessBuilder pb = new ProcessBuilder("bash", run.toString())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true).redirectOutput(output.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("KARMI_EXAMPLE_TIMEOUT", "30");
        script = pb.start();
        assertTrue(script.waitFor(BOUND_SECONDS, TimeUnit.SECONDS), "run-two-nodes did not end within "
                + BOUND_SECONDS + " s; output:\n" + log());
        String log = log();
        assertEquals(0, script.exitValue(), "run-two-nodes' status; output:\n" + log);

        assertTrue(log.contains("[consumer] ") && log.contains("Greeter found (imported through org.karmi)"),
                "the consumer got an imported Greeter; output:\n" + log);
        assertTrue(log.contains("greet(\"OSGi\") answered: Hello, OSGi!"), "the String answer; output:\n" + log);
        Matcher dto = Pattern.compile("\\[consumer\\] .*greeting\\(\"KaRMI\"\\) answered: Hello, KaRMI! "
                + "\\(made in process (\\d+), this is (\\d+)\\)").matcher(log);
        assertTrue(dto.find(), "the DTO answer; output:\n" + log);
        assertNotEquals(dto.group(1), dto.group(2), "the Greeting was made in the other JVM");
        int gone = log.indexOf("Greeter gone");
        assertTrue(gone > dto.end(), "the consumer's Greeter went with the provider node; output:\n" + log);
        assertTrue(log.contains("run-two-nodes: done"), "both nodes stopped; output:\n" + log);
    }

    private String log() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }
}
