package org.karmi.tech.tcp.internal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.karmi.spi.transport.Utid;

/**
 * A child JVM running {@link AttackedServerMain}: its standard output lines are queued, its
 * standard error kept (to look for {@code OutOfMemoryError}); {@link #close()} ends it through
 * its standard input, forcibly after a bound. Used by one test thread.
 */
final class ServerJvm implements AutoCloseable {

    final Process process;
    final Utid utid;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final StringBuffer errors = new StringBuffer();

    ServerJvm(String maxHeap, long ioTimeoutMillis) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("-Xmx" + maxHeap);
        String extra = System.getProperty("karmi.test.serverJvmArgs", "").trim(); // e.g. -Xlog:gc to see why
        if (!extra.isEmpty()) {
            cmd.addAll(List.of(extra.split("\\s+")));
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(AttackedServerMain.class.getName());
        cmd.add(Long.toString(ioTimeoutMillis));
        process = new ProcessBuilder(cmd).start();
        pump(process.getInputStream(), "out", line -> lines.add(line));
        pump(process.getErrorStream(), "err", line -> errors.append(line).append('\n'));
        String port = lines.poll(30, TimeUnit.SECONDS);
        if (port == null || !port.startsWith("PORT ")) {
            process.destroyForcibly();
            throw new IllegalStateException("server JVM did not report its port: " + port + "\n" + errors);
        }
        utid = TcpAddress.utid(InetAddress.getByName("127.0.0.1"), Integer.parseInt(port.substring(5)));
    }

    private void pump(InputStream s, String name, java.util.function.Consumer<String> sink) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    sink.accept(line);
                }
            } catch (IOException e) {
                // the child ended
            }
        }, "server-jvm-" + name);
        t.setDaemon(true);
        t.start();
    }

    /** The server's counters: refused, open, calls received, inbound budget in use. */
    synchronized long[] stats() throws IOException {
        OutputStream in = process.getOutputStream();
        in.write("STATS\n".getBytes(StandardCharsets.US_ASCII));
        in.flush();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (String line; (line = nextLine(deadline)) != null; ) {
            if (line.startsWith("STATS ")) {
                String[] f = line.substring(6).split(" ");
                long[] v = new long[f.length];
                for (int i = 0; i < f.length; i++) {
                    v[i] = Long.parseLong(f[i]);
                }
                return v;
            }
        }
        throw new IOException("no STATS from the server JVM; stderr:\n" + errors);
    }

    private String nextLine(long deadlineNanos) throws IOException {
        try {
            return lines.poll(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted waiting for the server JVM");
        }
    }

    /** Resident memory of the server JVM in bytes ({@code VmRSS} of {@code /proc/<pid>/status}). */
    long residentBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        throw new IOException("no VmRSS for " + process.pid());
    }

    String errors() {
        return errors.toString();
    }

    @Override
    public void close() throws InterruptedException {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
