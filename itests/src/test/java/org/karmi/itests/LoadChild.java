package org.karmi.itests;

import static org.junit.Assert.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.karmi.RemoteRuntime;
import org.karmi.spi.transport.Utid;

/**
 * A {@link DgcLoadClient} in a child JVM (the test class path, outside OSGi) calling the
 * {@code factory} bound in the container's registry over TCP: started, told to drop, and
 * stopped (its standard input closed, then killed) by the swap tests.
 */
final class LoadChild implements AutoCloseable {

    /** Bound on every wait for the child. */
    static final long BOUND_MS = 60_000;

    private final Process process;
    private final BufferedReader out;
    private final String errName;

    /** Starts the child against the container node's TCP port and waits until it calls. */
    LoadChild(RemoteRuntime runtime, String errName, String... jvmOptions) throws Exception {
        this.errName = errName;
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path")));
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of(DgcLoadClient.class.getName(), String.valueOf(tcpPort(runtime))));
        process = new ProcessBuilder(command)
                .redirectError(new File(System.getProperty("java.io.tmpdir"), errName))
                .start();
        out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        System.out.println("child: " + awaitLine("LOADING"));
    }

    /** Tells the clients to stop and drop everything; returns {calls, failures}. */
    long[] drop() throws Exception {
        OutputStream in = process.getOutputStream();
        in.write("drop\n".getBytes(StandardCharsets.US_ASCII));
        in.flush();
        String dropped = awaitLine("DROPPED");
        return new long[] {Long.parseLong(dropped.replaceAll(".*calls=(\\d+).*", "$1")),
                Long.parseLong(dropped.replaceAll(".*failures=(\\d+).*", "$1"))};
    }

    private String awaitLine(String prefix) throws Exception {
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            try {
                for (String l; (l = out.readLine()) != null;) {
                    if (l.startsWith(prefix)) {
                        return l;
                    }
                    System.out.println("child: " + l);
                }
                return null;
            } catch (Exception e) {
                return null;
            }
        });
        String l = line.get(BOUND_MS, TimeUnit.MILLISECONDS);
        if (l == null) {
            fail("child ended before " + prefix + " (see " + errName + " in java.io.tmpdir)");
        }
        return l;
    }

    static int tcpPort(RemoteRuntime runtime) {
        for (Utid u : runtime.localUtids()) {
            if (u.technology().equals("tcp")) {
                byte[] a = u.address();
                return (a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8;
            }
        }
        throw new AssertionError("no tcp UTID: " + runtime.localUtids());
    }

    @Override
    public void close() throws Exception {
        process.getOutputStream().close();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
