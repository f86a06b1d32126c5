package org.karmi.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.karmi.spi.ref.RemoteStub;

/**
 * The packaged processor jar alone on javac's processor path, as the README tells users
 * ({@code javac -cp <api jar> -processorpath <codegen jar>}), compiles a java.rmi-style
 * remote interface and generates its stub and skeleton: the jar carries everything the
 * processors need (issue 12: it used to fail with {@code NoClassDefFoundError:
 * org/karmi/spi/ref/StubNames}). Runs after {@code package}, against the jar Maven built.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProcessorJarIT {

    @TempDir
    Path dir;

    @Test
    void processorJarAloneOnTheProcessorPathGeneratesStubs() throws Exception {
        Path jar = Path.of(System.getProperty("karmi.codegen.jar", "target/does-not-exist.jar"));
        assertTrue(Files.isRegularFile(jar), "the packaged processor jar (karmi.codegen.jar): " + jar);
        Path src = dir.resolve("src/hello");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Hello.java"), String.join("\n",
                "package hello;",
                "import java.rmi.Remote;",
                "import java.rmi.RemoteException;",
                "public interface Hello extends Remote {",
                "    String sayHello(String name) throws RemoteException;",
                "    int add(int a, int b) throws RemoteException;",
                "}", ""));
        Path out = dir.resolve("classes");
        Files.createDirectories(out);
        Path javac = Path.of(System.getProperty("java.home"), "bin", "javac");
        List<String> cmd = List.of(javac.toString(), "-cp", apiLocation(), "-processorpath", jar.toString(),
                "--release", "17", "-d", out.toString(), "-s", dir.resolve("generated").toString(),
                src.resolve("Hello.java").toString());
        Files.createDirectories(dir.resolve("generated"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output;
        try (var in = p.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(p.waitFor(90, TimeUnit.SECONDS), "javac finished");
        assertEquals(0, p.exitValue(), "javac " + String.join(" ", cmd) + "\n" + output);
        assertFalse(output.contains("NoClassDefFoundError"), output);
        assertTrue(Files.isRegularFile(out.resolve("hello/Hello_KarmiStub.class")), "stub generated and compiled:\n" + output);
        assertTrue(Files.isRegularFile(out.resolve("hello/Hello_KarmiSkeleton.class")), "skeleton generated and compiled");
    }

    /** The API classes the generated code compiles against (a jar, or the API's classes directory in a reactor). */
    private static String apiLocation() throws URISyntaxException, IOException {
        Path p = Path.of(RemoteStub.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.exists(p), p.toString());
        return p.toString() + File.pathSeparator;
    }
}
