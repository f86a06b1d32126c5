package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.annotation.processing.Processor;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.karmi.codegen.stub.StubProcessor;

/**
 * A small java.rmi application (a bank: several remote interfaces, objects by value and by
 * reference, a call-back, a declared and a runtime exception, the registry), kept as a source
 * template, compiled and run twice in child JVMs: once against {@code java.rmi}, once against
 * KaRMI with only its import lines changed (and KaRMI's stub generator on the processor path).
 * Both runs must print the same checks.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class MigrationTest {

    private static final String JAVA_RMI_IMPORTS = String.join("\n",
            "import java.rmi.Naming;",
            "import java.rmi.registry.LocateRegistry;",
            "import java.rmi.registry.Registry;",
            "import java.rmi.server.UnicastRemoteObject;");
    private static final String KARMI_IMPORTS = String.join("\n",
            "import org.karmi.Naming;",
            "import org.karmi.registry.LocateRegistry;",
            "import org.karmi.registry.Registry;",
            "import org.karmi.server.UnicastRemoteObject;");

    private static final List<String> EXPECTED = List.of(
            "CHECK deposit = 150",
            "CHECK statement by value = [100, 50]",
            "CHECK withdraw 1000 = InsufficientFundsException: balance 150 < 1000",
            "CHECK deposit -1 = IllegalArgumentException: negative amount -1",
            "CHECK callback = [alice=160]",
            "CHECK after transfer = 130/40",
            "CHECK transfer 1000 = balance 40 < 1000",
            "CHECK find is same object = true",
            "CHECK find unknown = null",
            "CHECK registry list = true",
            "CHECK callback via registry = direct=1",
            "CHECK not bound = NotBoundException",
            "CHECK unexport = true");

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();

    @BeforeEach
    void noProcessesYet() {
        processes.clear();
    }

    @AfterEach
    void killProcesses() throws InterruptedException {
        for (Process p : processes) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void javaRmiApplicationRunsUnchangedOnKarmi() throws Exception {
        List<String> jdk = run("java.rmi", JAVA_RMI_IMPORTS, null);
        assertEquals(EXPECTED, jdk, "the application's own assertions under java.rmi");
        List<String> karmi = run("karmi", KARMI_IMPORTS, new StubProcessor());
        assertEquals(jdk, karmi, "KaRMI behaves as java.rmi");
        assertTrue(Files.exists(dir.resolve("karmi/generated/bank/Account_KarmiStub.java")), "stubs were generated");
    }

    private List<String> run(String variant, String imports, Processor processor) throws Exception {
        Path classes = compile(variant, imports, processor);
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String cp = classes + java.io.File.pathSeparator + System.getProperty("java.class.path");
        Process server = start(cp, "bank.BankServer", port, "-Dkarmi.tcp.port=" + port);
        List<String> serverOut = new ArrayList<>();
        CompletableFuture<Void> ready = new CompletableFuture<>();
        drain(server.getInputStream(), serverOut, line -> line.equals("READY"), ready);
        ready.get(30, TimeUnit.SECONDS);
        Process client = start(cp, "bank.BankClient", port, "-Dkarmi.tcp.port=0");
        List<String> clientOut = new ArrayList<>();
        CompletableFuture<Void> done = new CompletableFuture<>();
        drain(client.getInputStream(), clientOut, line -> line.equals("DONE"), done);
        try {
            done.get(60, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(variant + " client did not finish:\n" + String.join("\n", clientOut)
                    + "\nserver:\n" + String.join("\n", serverOut), e);
        }
        List<String> checks = new ArrayList<>();
        synchronized (clientOut) {
            for (String line : clientOut) {
                if (line.startsWith("CHECK ")) {
                    checks.add(line);
                }
            }
        }
        return checks;
    }

    private Process start(String cp, String main, int port, String property) throws IOException {
        List<String> cmd = List.of(ProcessHandle.current().info().command().orElse("java"), "-cp", cp, property,
                "-Dkarmi.serializer=jdk", "-Djava.rmi.server.hostname=127.0.0.1", main, String.valueOf(port));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        processes.add(p);
        return p;
    }

    private static void drain(InputStream in, List<String> into, java.util.function.Predicate<String> marker,
            CompletableFuture<Void> seen) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (into) {
                        into.add(line);
                    }
                    if (marker.test(line)) {
                        seen.complete(null);
                    }
                }
            } catch (IOException e) {
                // process ended
            }
            seen.completeExceptionally(new IllegalStateException("process ended:\n" + String.join("\n", into)));
        });
        t.setDaemon(true);
        t.start();
    }

    private Path compile(String variant, String imports, Processor processor) throws IOException {
        String template;
        try (InputStream in = MigrationTest.class.getResourceAsStream("/migration/bank-app.txt")) {
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path src = dir.resolve(variant + "/src/bank");
        Path classes = dir.resolve(variant + "/classes");
        Path generated = dir.resolve(variant + "/generated");
        Files.createDirectories(src);
        Files.createDirectories(classes);
        Files.createDirectories(generated);
        List<Path> files = new ArrayList<>();
        for (String part : template.split("//// FILE ")) {
            if (part.isBlank()) {
                continue;
            }
            int nl = part.indexOf('\n');
            Path f = src.resolve(part.substring(0, nl).trim());
            Files.writeString(f, part.substring(nl + 1).replace("/*IMPORTS*/", imports));
            files.add(f);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
            List<String> options = new ArrayList<>(List.of("-d", classes.toString(), "-s", generated.toString(),
                    "-classpath", System.getProperty("java.class.path"), "--release", "17"));
            if (processor == null) {
                options.add("-proc:none");
            }
            JavaCompiler.CompilationTask task = javac.getTask(null, fm, diagnostics, options, null,
                    fm.getJavaFileObjectsFromPaths(files));
            if (processor != null) {
                task.setProcessors(List.of(processor));
            }
            boolean ok = task.call();
            assertTrue(ok, variant + " does not compile: " + diagnostics.getDiagnostics());
        }
        return classes;
    }
}
