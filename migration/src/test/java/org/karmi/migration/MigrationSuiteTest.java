package org.karmi.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The migration suite: every program under {@code src/test/programs} is compiled and run twice, once as
 * written against the JDK's java.rmi and once with only its imports switched to {@code org.karmi} (as the
 * README's migration table says) and the {@code org.karmi.codegen} jar as annotation processor; each run
 * starts separate server and client JVMs with no options. The java.rmi run must show the recorded
 * {@code expected.txt}, the KaRMI run exactly what the java.rmi run showed. Cases listed in
 * {@code pending.txt} are reported as skipped while they still differ and fail once they pass (unless marked flaky
 * there).
 * {@code -Dmigration.record=true} rewrites each {@code expected.txt} from the java.rmi run.
 *
 * <p>Threading: at most two cases run at once (each runs its flavours one after the other); a case using
 * the registry's default port runs alone.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MigrationSuiteTest {

    private static final Path PROGRAMS = Path.of(System.getProperty("migration.programs", "src/test/programs"));
    private static final Path README = Path.of(System.getProperty("migration.readme", "../README.md"));
    private static final Path WORK = Path.of(System.getProperty("migration.work", "target/migration"));
    private static final boolean RECORD = Boolean.getBoolean("migration.record");
    private static final Semaphore TWO_AT_A_TIME = new Semaphore(2, true);
    private static final ReadWriteLock DEFAULT_PORT = new ReentrantReadWriteLock(true);

    /** How a program is built and run. */
    private enum Flavor {
        JDK("java.rmi"), KARMI("KaRMI");

        final String title;

        Flavor(String title) {
            this.title = title;
        }
    }

    /** Every case, or those {@code -Dmigration.cases=a,b} names. */
    static Stream<String> cases() {
        List<String> only = List.of(System.getProperty("migration.cases", "").split(","));
        return ProgramCase.all(PROGRAMS).stream().map(ProgramCase::name)
                .filter(n -> only.equals(List.of("")) || only.contains(n));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Execution(ExecutionMode.CONCURRENT)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void karmiShowsWhatJavaRmiShows(String name) throws Exception {
        ProgramCase programCase = ProgramCase.load(PROGRAMS.resolve(name));
        Lock lock = programCase.options().contains(ProgramCase.DEFAULT_REGISTRY_PORT)
                ? DEFAULT_PORT.writeLock() : DEFAULT_PORT.readLock();
        lock.lockInterruptibly();
        try {
            TWO_AT_A_TIME.acquire();
            try {
                check(programCase);
            } finally {
                TWO_AT_A_TIME.release();
            }
        } finally {
            lock.unlock();
        }
    }

    private static void check(ProgramCase programCase) throws Exception {
        Path dir = WORK.resolve(programCase.name());
        deleteTree(dir);
        long start = System.nanoTime();
        Transcript jdk = run(programCase, Flavor.JDK, dir.resolve("jdk"));
        long jdkMs = millisSince(start);
        checkAgainstRecord(programCase, jdk, dir);
        start = System.nanoTime();
        Transcript karmi = run(programCase, Flavor.KARMI, dir.resolve("karmi"));
        System.out.println("CASE " + programCase.name() + ": " + Flavor.JDK.title + " run " + jdkMs + " ms, "
                + Flavor.KARMI.title + " run " + millisSince(start) + " ms");
        String difference = Transcript.firstDifference(Flavor.JDK.title, jdk.lines(), Flavor.KARMI.title, karmi.lines(), 4);
        PendingList pendingList = PendingList.load();
        String pending = pendingList.reason(programCase.name());
        if (pending != null && !(difference.isEmpty() && pendingList.mayPass(programCase.name()))) {
            if (difference.isEmpty()) {
                fail(programCase.name() + " passes now: remove it from migration/src/test/resources/pending.txt");
            }
            System.out.println("PENDING " + programCase.name() + ": " + pending + "\n"
                    + indent(Transcript.firstDifference(Flavor.JDK.title, jdk.lines(), Flavor.KARMI.title, karmi.lines(), 1)
                    + karmi.diagnostics().lines().filter(l -> l.contains("Exception in thread") || l.contains("javac"))
                            .map(l -> l.strip() + "\n").reduce("", String::concat)));
            deleteTree(dir);
            Assumptions.abort("pending: " + pending + "; still " + difference.lines().limit(4)
                    .reduce((a, b) -> a + " / " + b.strip()).orElse(""));
        }
        if (!difference.isEmpty()) {
            fail("KaRMI does not show what java.rmi shows for " + programCase.name() + " (files kept in " + dir + ")\n"
                    + difference + "KaRMI JVMs:\n" + karmi.diagnostics());
        }
        deleteTree(dir);
    }

    private static void checkAgainstRecord(ProgramCase programCase, Transcript jdk, Path dir) throws IOException {
        Path expected = programCase.expectedTranscript();
        if (RECORD) {
            Files.write(expected, jdk.lines(), StandardCharsets.UTF_8);
        }
        List<String> recorded = Files.exists(expected) ? Files.readAllLines(expected, StandardCharsets.UTF_8) : List.of();
        String difference = Transcript.firstDifference("recorded", recorded, Flavor.JDK.title, jdk.lines(), 4);
        if (!difference.isEmpty()) {
            fail("the java.rmi run of " + programCase.name() + " differs from its expected.txt (files kept in " + dir
                    + "; -Dmigration.record=true records a new one)\n" + difference
                    + "java.rmi transcript:\n" + indent(String.join("\n", jdk.lines()) + "\n")
                    + "java.rmi JVMs:\n" + jdk.diagnostics());
        }
    }

    private static Transcript run(ProgramCase programCase, Flavor flavor, Path dir) throws Exception {
        List<Path> sources = programCase.sources();
        String compilePath = "";
        String processorPath = null;
        String runPath = "";
        if (flavor == Flavor.KARMI) {
            sources = rewritten(sources, dir.resolve("src"));
            compilePath = paths("migration.karmi.compilepath");
            processorPath = paths("migration.karmi.processorpath");
            runPath = File.pathSeparator + paths("migration.karmi.classpath");
        }
        Path classes = dir.resolve("classes");
        ProgramCompiler.Result compiled = ProgramCompiler.compile(sources, classes, compilePath, processorPath);
        if (!compiled.ok()) {
            String first = compiled.messages().lines().findFirst().orElse("");
            assertTrue(flavor == Flavor.KARMI, "the program does not compile against java.rmi:\n" + compiled.messages());
            return Transcript.failedBefore("(does not compile: " + first + ")", compiled.messages());
        }
        Path runDir = Files.createDirectories(dir.resolve("run"));
        Transcript t = new CaseRunner(programCase, classes + runPath, variables(programCase, flavor, runDir), runDir).run();
        return new Transcript(t.lines(), (compiled.messages().isBlank() ? "" : "javac:\n" + indent(compiled.messages()))
                + t.diagnostics());
    }

    private static List<Path> rewritten(List<Path> sources, Path dir) throws IOException {
        ImportMapping mapping = ImportMapping.fromReadme(README);
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        for (Path source : sources) {
            Path target = dir.resolve(source.getFileName());
            Files.writeString(target, mapping.rewrite(Files.readString(source, StandardCharsets.UTF_8)), StandardCharsets.UTF_8);
            out.add(target);
        }
        return out;
    }

    private static Map<String, String> variables(ProgramCase programCase, Flavor flavor, Path runDir) throws Exception {
        Map<String, String> v = new HashMap<>();
        for (int i = 1; i <= 4; i++) {
            v.put("port" + i, Integer.toString(Ports.free()));
        }
        v.put("deadPort", Integer.toString(Ports.free()));
        v.put("dir", runDir.toString());
        if (programCase.usesKeyStore()) {
            v.put("keystore", TestKeyStore.in(WORK.resolve("keystore")).toString());
        }
        if (programCase.options().contains(ProgramCase.DEFAULT_REGISTRY_PORT)) {
            int port = defaultRegistryPort(flavor);
            Assumptions.assumeTrue(Ports.isFree(port), "the default registry port of " + flavor.title + ", " + port
                    + ", is in use on this machine: " + programCase.name() + " cannot run");
        }
        return v;
    }

    private static int defaultRegistryPort(Flavor flavor) throws Exception {
        if (flavor == Flavor.JDK) {
            return java.rmi.registry.Registry.REGISTRY_PORT;
        }
        URL[] api = Arrays.stream(paths("migration.karmi.compilepath").split(File.pathSeparator))
                .map(p -> {
                    try {
                        return Path.of(p).toUri().toURL();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                }).toArray(URL[]::new);
        try (URLClassLoader loader = new URLClassLoader(api, null)) {
            return Class.forName("org.karmi.registry.Registry", false, loader).getField("REGISTRY_PORT").getInt(null);
        }
    }

    /** A comma list of jars from a system property, as a class path. */
    private static String paths(String property) {
        String value = System.getProperty(property);
        assertTrue(value != null && !value.isBlank() && !value.contains("${"),
                property + " is not set: run the suite through Maven (mvn -pl migration test)");
        return String.join(File.pathSeparator, value.split(","));
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }

    private static String indent(String text) {
        return text.lines().map(l -> "    " + l + "\n").reduce("", String::concat);
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    @AfterAll
    static void deleteKeyStore() throws IOException {
        TestKeyStore.delete();
    }

    @Test
    void suiteHasAtLeast25Programs() {
        List<ProgramCase> all = ProgramCase.all(PROGRAMS);
        assertTrue(all.size() >= 25, "programs: " + all);
    }

    @Test
    void pendingListNamesOnlyExistingCases() {
        List<String> names = ProgramCase.all(PROGRAMS).stream().map(ProgramCase::name).toList();
        for (String pending : PendingList.load().reasons().keySet()) {
            assertTrue(names.contains(pending), "pending.txt names " + pending + ", which is no case: " + names);
        }
    }

    @Test
    void importRewriteSwitchesOnlyTheTypesTheReadmeTableNames() {
        ImportMapping mapping = ImportMapping.fromReadme(README);
        assertEquals("org.karmi.Naming", mapping.types().get("java.rmi.Naming"));
        assertEquals("org.karmi.registry.LocateRegistry", mapping.types().get("java.rmi.registry.LocateRegistry"));
        assertEquals("org.karmi.registry.Registry", mapping.types().get("java.rmi.registry.Registry"));
        assertEquals("org.karmi.server.UnicastRemoteObject", mapping.types().get("java.rmi.server.UnicastRemoteObject"));
        String source = "package p;\n\nimport java.rmi.Naming;\nimport java.rmi.Remote;\n"
                + "import java.rmi.RemoteException;\nimport  java.rmi.registry.Registry ; // the registry\n"
                + "import static java.rmi.registry.Registry.REGISTRY_PORT;\n"
                + "class A { String s = \"import java.rmi.Naming;\"; java.rmi.Naming n; }\n";
        assertEquals("package p;\n\nimport org.karmi.Naming;\nimport java.rmi.Remote;\n"
                + "import java.rmi.RemoteException;\nimport  org.karmi.registry.Registry ; // the registry\n"
                + "import static org.karmi.registry.Registry.REGISTRY_PORT;\n"
                + "class A { String s = \"import java.rmi.Naming;\"; java.rmi.Naming n; }\n", mapping.rewrite(source));
    }
}
