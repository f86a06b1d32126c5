package org.karmi.core.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A child JVM running {@link ChildNodeMain} (TCP only and the jdk serializer unless
 * {@code jvmArgs} say otherwise: a later {@code -D} wins); its output is drained (and kept)
 * by a daemon thread.
 */
final class ChildJvm implements AutoCloseable {

    final Process process;
    final int port;
    private final StringBuffer output = new StringBuffer();

    private ChildJvm(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static ChildJvm start(String name, String... jvmArgs) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("-Dkarmi.tcp.port=0");
        cmd.add("-Dkarmi.serializer=jdk");
        cmd.add("-Dkarmi.technologies=tcp");
        cmd.addAll(List.of(jvmArgs));
        cmd.add(ChildNodeMain.class.getName());
        cmd.add(name);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        CompletableFuture<Integer> ready = new CompletableFuture<>();
        StringBuffer out = new StringBuffer();
        Thread drain = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    out.append(line).append('\n');
                    if (line.startsWith("READY ")) {
                        ready.complete(Integer.parseInt(line.substring(6).trim()));
                    }
                }
            } catch (IOException e) {
                // the child ended
            }
            ready.completeExceptionally(new IllegalStateException("child ended before READY:\n" + out));
        }, "child-" + name);
        drain.setDaemon(true);
        drain.start();
        try {
            ChildJvm c = new ChildJvm(p, ready.get(30, TimeUnit.SECONDS));
            c.output.append(out);
            return c;
        } catch (Exception e) {
            p.destroyForcibly();
            throw new IllegalStateException("child " + name + " did not start:\n" + out, e);
        }
    }

    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            kill();
        }
    }
}
