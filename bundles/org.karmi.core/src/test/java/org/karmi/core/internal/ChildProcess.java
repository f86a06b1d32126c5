package org.karmi.core.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A child JVM running one main class of the test classpath with the given {@code -D} options
 * and arguments, as {@code java -cp ... Main args} runs it (no other options); its output is
 * drained and kept by a daemon thread, and lines can be waited for with a bound.
 */
final class ChildProcess implements AutoCloseable {

    final Process process;
    private final List<String> lines = new ArrayList<>();

    private ChildProcess(Process process) {
        this.process = process;
        Thread drain = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    synchronized (lines) {
                        lines.add(line);
                        lines.notifyAll();
                    }
                }
            } catch (IOException e) {
                // the child ended
            }
            synchronized (lines) {
                lines.add(null);
                lines.notifyAll();
            }
        }, "drain-" + process.pid());
        drain.setDaemon(true);
        drain.start();
    }

    /** Starts {@code main} with {@code properties} ({@code -Dk=v} each) and {@code args}. */
    static ChildProcess start(Class<?> main, List<String> properties, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.addAll(properties);
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        return new ChildProcess(new ProcessBuilder(cmd).redirectErrorStream(true).start());
    }

    /**
     * Waits up to {@code seconds} for a line matching {@code wanted} and returns it.
     *
     * @throws AssertionError with the output so far if none came (or the child ended first)
     */
    String await(Predicate<String> wanted, long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        synchronized (lines) {
            int seen = 0;
            while (true) {
                for (; seen < lines.size(); seen++) {
                    String l = lines.get(seen);
                    if (l == null) {
                        throw new AssertionError("child ended before the line expected:\n" + output());
                    }
                    if (wanted.test(l)) {
                        return l;
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no line expected within " + seconds + " s:\n" + output());
                }
                TimeUnit.NANOSECONDS.timedWait(lines, left);
            }
        }
    }

    /** What the child printed so far. */
    String output() {
        synchronized (lines) {
            StringBuilder b = new StringBuilder();
            for (String l : lines) {
                if (l != null) {
                    b.append(l).append('\n');
                }
            }
            return b.toString();
        }
    }

    /** Closes the child's standard input (the children here take that as "stop"). */
    void closeInput() throws IOException {
        process.getOutputStream().close();
    }

    /** Waits up to {@code seconds} for the child to exit; returns whether it did. */
    boolean exits(long seconds) throws InterruptedException {
        return process.waitFor(seconds, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
