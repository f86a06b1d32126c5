package org.karmi.migration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * One program of the suite: a directory {@code <case>/} with java.rmi sources in package
 * {@code example.<case with '-' as '_'>}, {@code case.txt} (the JVMs to run) and {@code expected.txt} (the
 * transcript java.rmi produces). Immutable.
 *
 * <p>{@code case.txt} has one step per line, in order: {@code server <MainClass> <args>} starts a JVM and
 * waits for it to print {@code ready}; {@code client <MainClass> <args>} runs a JVM to its end;
 * {@code option <name>} sets an option ({@code default-registry-port}: the case uses the registry's default
 * port, so it runs alone and only when that port is free). Arguments may name {@code ${port1}} to
 * {@code ${port4}} (free loopback ports), {@code ${deadPort}} (a port nobody listens on), {@code ${dir}} (a
 * directory the case's JVMs share) and {@code ${keystore}} (a PKCS12 key store, password {@code changeit},
 * holding a key pair for {@code CN=localhost, IP 127.0.0.1}). {@code #} starts a comment line.
 */
record ProgramCase(String name, Path dir, List<Step> steps, Set<String> options) {

    /** Whether a JVM runs in the background ({@link #SERVER}) or to its end ({@link #CLIENT}). */
    enum Kind { SERVER, CLIENT }

    /** One JVM of a case: its role, main class (simple name, in the case's package) and arguments. */
    record Step(Kind kind, String mainClass, List<String> args) {
    }

    static final String DEFAULT_REGISTRY_PORT = "default-registry-port";

    /** Every case under {@code programs}, by name. */
    static List<ProgramCase> all(Path programs) {
        try (Stream<Path> dirs = Files.list(programs)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("case.txt"))).sorted().map(ProgramCase::load).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ProgramCase load(Path dir) {
        List<Step> steps = new ArrayList<>();
        Set<String> options = new TreeSet<>();
        try {
            for (String raw : Files.readAllLines(dir.resolve("case.txt"), StandardCharsets.UTF_8)) {
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                List<String> words = List.of(line.split("\\s+"));
                switch (words.get(0)) {
                    case "option" -> options.addAll(words.subList(1, words.size()));
                    case "server", "client" -> steps.add(new Step(Kind.valueOf(words.get(0).toUpperCase()),
                            words.get(1), words.subList(2, words.size())));
                    default -> throw new IllegalArgumentException(dir + "/case.txt: unknown step: " + line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ProgramCase(dir.getFileName().toString(), dir, List.copyOf(steps), Set.copyOf(options));
    }

    /** The package of the case's classes. */
    String packageName() {
        return "example." + name.replace('-', '_');
    }

    /** The case's Java sources. */
    List<Path> sources() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The transcript java.rmi produces, as recorded. */
    Path expectedTranscript() {
        return dir.resolve("expected.txt");
    }

    boolean usesKeyStore() {
        return steps.stream().anyMatch(s -> s.args().contains("${keystore}"));
    }

    @Override
    public String toString() {
        return name;
    }
}
