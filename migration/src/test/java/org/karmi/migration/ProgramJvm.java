package org.karmi.migration;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One program JVM, started as a user starts a java.rmi program: {@code java -cp <path> <main> <args>} with no
 * other option (and none from the environment); keeps the lines it prints on standard output, copies standard
 * error to a file and notices there when {@code main} ends with an exception. Thread-safe: two daemon threads
 * drain the output, any thread may wait on it.
 */
final class ProgramJvm implements AutoCloseable {

    /** Environment variables through which the JVM or its launcher would take options or a class path. */
    private static final List<String> OPTION_VARIABLES =
            List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS", "CLASSPATH");
    /** How the JVM reports an exception that ended {@code main}. */
    private static final String MAIN_THREW = "Exception in thread \"main\"";

    /** Every JVM not closed yet: killed if the harness's own JVM is stopped before it could close them. */
    private static final Set<ProgramJvm> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(j -> j.process.destroyForcibly()),
                "migration-kill-programs"));
    }

    private final String label;
    private final Process process;
    private final Path stderr;
    private final List<String> lines = new ArrayList<>();
    private boolean outputEnded;
    private boolean mainThrew;

    private ProgramJvm(String label, Process process, Path stderr) {
        this.label = label;
        this.process = process;
        this.stderr = stderr;
    }

    static ProgramJvm start(String label, String classPath, String mainClass, List<String> args, Path stderr)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        OPTION_VARIABLES.forEach(builder.environment()::remove);
        ProgramJvm jvm = new ProgramJvm(label, builder.start(), stderr);
        LIVE.add(jvm);
        BufferedWriter errorFile = Files.newBufferedWriter(stderr, StandardCharsets.UTF_8);
        jvm.drain("out", jvm.process.getInputStream(), jvm::outLine, jvm::outputEnded);
        jvm.drain("err", jvm.process.getErrorStream(), line -> jvm.errLine(line, errorFile), () -> close(errorFile));
        return jvm;
    }

    private void drain(String name, InputStream stream, Consumer<String> onLine, Runnable atEnd) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    onLine.accept(line);
                }
            } catch (IOException e) {
                // the JVM was killed
            } finally {
                atEnd.run();
            }
        }, "migration-" + name + "-" + label);
        t.setDaemon(true);
        t.start();
    }

    private synchronized void outLine(String line) {
        lines.add(line);
        notifyAll();
    }

    private synchronized void outputEnded() {
        outputEnded = true;
        notifyAll();
    }

    private void errLine(String line, BufferedWriter file) {
        try {
            file.write(line);
            file.newLine();
            file.flush();
        } catch (IOException e) {
            // the file is only for diagnostics
        }
        if (line.startsWith(MAIN_THREW)) {
            synchronized (this) {
                mainThrew = true;
                notifyAll();
            }
        }
    }

    private static void close(BufferedWriter file) {
        try {
            file.close();
        } catch (IOException e) {
            // the file is only for diagnostics
        }
    }

    /** How the transcript names this JVM. */
    String label() {
        return label;
    }

    /**
     * Waits until the JVM printed {@code line} (true), or its output ended, its {@code main} threw or the time is
     * up (false).
     */
    synchronized boolean awaitLine(String line, long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (!lines.contains(line) && !outputEnded && !mainThrew) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return lines.contains(line);
    }

    /** Waits until the JVM ended or its {@code main} threw; false if the time is up first. */
    synchronized boolean awaitExitOrMainThrew(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (!outputEnded && !mainThrew) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** Waits for the JVM to end by itself and its output to be read; false if the time is up first. */
    boolean awaitExit(long timeoutMs) throws InterruptedException {
        if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
            return false;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5); // its output ends with it
        synchronized (this) {
            while (!outputEnded) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    break;
                }
                wait(left);
            }
        }
        return true;
    }

    synchronized boolean mainThrew() {
        return mainThrew;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    int exitCode() {
        return process.exitValue();
    }

    /** The lines printed so far. */
    synchronized List<String> lines() {
        return List.copyOf(lines);
    }

    /** Where its standard error goes. */
    Path stderr() {
        return stderr;
    }

    /** Kills the JVM (and anything it started) if it still runs, and waits (up to 10 s) for it to be gone. */
    @Override
    public void close() {
        LIVE.remove(this);
        if (process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // killed already; the caller sees the interrupt
            }
        }
    }
}
