package org.karmi.migration;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the steps of one case against one compiled flavour of its program and records the transcript: servers
 * start in the background (each must print {@code ready}), clients run to their end, then every server gets a
 * bounded time to end by itself (as a java.rmi server does once nothing is exported any more) and is killed
 * otherwise. Every JVM it starts is gone when {@link #run} returns. Not thread-safe; one instance per run.
 */
final class CaseRunner {

    /** How long a server may take to print {@code ready}. */
    static final long READY_MS = 30_000;
    /** How long a client may run. */
    static final long CLIENT_MS = 40_000;
    /** How long a server may take to end by itself once the last client has ended. */
    static final long SERVER_EXIT_MS = 5_000;
    /** Lines of each JVM's standard error shown when a comparison fails. */
    private static final int STDERR_LINES = 25;

    private final ProgramCase programCase;
    private final String classPath;
    private final Map<String, String> variables;
    private final Path runDir;
    private final List<ProgramJvm> servers = new ArrayList<>();
    private final List<ProgramJvm> all = new ArrayList<>();
    private final Map<ProgramJvm, List<String>> endings = new HashMap<>();

    CaseRunner(ProgramCase programCase, String classPath, Map<String, String> variables, Path runDir) {
        this.programCase = programCase;
        this.classPath = classPath;
        this.variables = variables;
        this.runDir = runDir;
    }

    Transcript run() throws IOException, InterruptedException {
        try {
            for (ProgramCase.Step step : programCase.steps()) {
                ProgramJvm jvm = start(step);
                if (step.kind() == ProgramCase.Kind.SERVER) {
                    servers.add(jvm);
                    if (!jvm.awaitLine("ready", READY_MS)) {
                        ending(jvm).add(jvm.mainThrew() ? "(main threw an exception before printing 'ready')"
                                : jvm.isAlive() ? "(did not print 'ready' within " + READY_MS + " ms)"
                                : "(ended without printing 'ready')");
                    }
                } else {
                    runClient(jvm);
                }
            }
            for (ProgramJvm server : servers) {
                if (server.awaitExit(SERVER_EXIT_MS)) {
                    ending(server).add("ended by itself, exit code " + server.exitCode());
                } else {
                    ending(server).add("still running " + SERVER_EXIT_MS + " ms after the last client ended (killed)");
                    server.close();
                }
            }
            return transcript();
        } finally {
            for (ProgramJvm jvm : all) {
                jvm.close();
            }
        }
    }

    private void runClient(ProgramJvm jvm) throws InterruptedException {
        if (!jvm.awaitExitOrMainThrew(CLIENT_MS)) {
            ending(jvm).add("still running after " + CLIENT_MS + " ms (killed)");
            jvm.close();
        } else if (jvm.awaitExit(SERVER_EXIT_MS)) {
            ending(jvm).add("ended, exit code " + jvm.exitCode());
        } else {
            ending(jvm).add("main threw an exception; still running " + SERVER_EXIT_MS + " ms later (killed)");
            jvm.close();
        }
    }

    private ProgramJvm start(ProgramCase.Step step) throws IOException {
        String label = step.mainClass();
        long same = programCase.steps().stream().filter(s -> s.mainClass().equals(step.mainClass())).count();
        if (same > 1) {
            label += "#" + (all.stream().filter(j -> j.label().startsWith(step.mainClass() + "#")).count() + 1);
        }
        List<String> args = step.args().stream().map(this::substitute).toList();
        ProgramJvm jvm = ProgramJvm.start(label, classPath, programCase.packageName() + "." + step.mainClass(), args,
                runDir.resolve(label + ".stderr"));
        all.add(jvm);
        return jvm;
    }

    private String substitute(String arg) {
        String out = arg;
        for (Map.Entry<String, String> v : variables.entrySet()) {
            out = out.replace("${" + v.getKey() + "}", v.getValue());
        }
        if (out.contains("${")) {
            throw new IllegalArgumentException(programCase.name() + "/case.txt: unknown variable in " + arg);
        }
        return out;
    }

    private List<String> ending(ProgramJvm jvm) {
        return endings.computeIfAbsent(jvm, j -> new ArrayList<>());
    }

    private Transcript transcript() throws IOException {
        List<String> lines = new ArrayList<>();
        StringBuilder diagnostics = new StringBuilder();
        for (ProgramJvm jvm : all) {
            jvm.lines().forEach(l -> lines.add(jvm.label() + "| " + l));
            endings.getOrDefault(jvm, List.of()).forEach(l -> lines.add(jvm.label() + "| " + l));
            List<String> err = Files.exists(jvm.stderr())
                    ? Files.readAllLines(jvm.stderr(), StandardCharsets.UTF_8) : List.of();
            if (!err.isEmpty()) {
                diagnostics.append(jvm.label()).append(" stderr (").append(jvm.stderr()).append("):\n");
                err.subList(0, Math.min(err.size(), STDERR_LINES)).forEach(l -> diagnostics.append("    ").append(l).append('\n'));
                if (err.size() > STDERR_LINES) {
                    diagnostics.append("    ... ").append(err.size() - STDERR_LINES).append(" more lines\n");
                }
            }
        }
        return new Transcript(lines, diagnostics.toString());
    }
}
