package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javax.inject.Inject;

import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.karmi.RemoteRuntime;
import org.karmi.spi.transport.Utid;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Collectors swapped under load inside a running Felix (issue 13): the node in Felix exports
 * counters that 8 client threads in a child JVM take, call and drop continuously, while the
 * lease and cluster collector bundles are stopped and started in turn, three rounds (with one
 * of them stopped, the references leaving over TCP are governed by the other). No call fails,
 * no counter is called after its {@code unreferenced()} (nothing was freed early), and once the
 * clients dropped everything every counter is unreferenced.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class CollectorSwapIT {

    private static final long LEASE_MS = 3_000;
    private static final long BOUND_MS = 60_000;

    @Inject
    BundleContext context;

    private Process child;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options(systemProperty("java.rmi.dgc.leaseValue").value(String.valueOf(LEASE_MS)));
    }

    @After
    public void stopChild() throws Exception {
        if (child != null) {
            child.getOutputStream().close();
            if (!child.waitFor(5, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    public void swappingCollectorsUnderLoadNeverFreesAReferencedObjectAndCollectsWhatWasDropped() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        await(() -> runtime.collectorStatistics().keySet().containsAll(List.of("lease", "cluster")), "both collectors");
        DgcSwapFactory.Impl factory = new DgcSwapFactory.Impl(runtime);
        runtime.registry().rebind("factory", runtime.export(factory));
        BufferedReader out = startChild(tcpPort(runtime));
        awaitLine(out, "LOADING");
        Bundle lease = KarmiHealth.find(context, "org.karmi.dgc.lease");
        Bundle cluster = KarmiHealth.find(context, "org.karmi.dgc.cluster");
        assertNotNull(lease);
        assertNotNull(cluster);
        for (int round = 0; round < 3; round++) {
            for (Bundle b : List.of(lease, cluster)) {
                String name = b == lease ? "lease" : "cluster";
                Thread.sleep(700);
                b.stop();
                await(() -> !runtime.collectorStatistics().containsKey(name), name + " gone");
                Thread.sleep(700);
                b.start();
                await(() -> runtime.collectorStatistics().containsKey(name), name + " back");
            }
        }
        Thread.sleep(700);
        OutputStream in = child.getOutputStream();
        in.write("drop\n".getBytes(StandardCharsets.US_ASCII));
        in.flush();
        String dropped = awaitLine(out, "DROPPED");
        long calls = Long.parseLong(dropped.replaceAll(".*calls=(\\d+).*", "$1"));
        long failures = Long.parseLong(dropped.replaceAll(".*failures=(\\d+).*", "$1"));
        System.out.printf("collector swap: %d counters made, %d calls, %d failures%n", factory.made.get(), calls, failures);
        assertTrue("the clients called", calls > 100);
        assertEquals("failed calls (see the child's FAILURE lines)", 0, failures);
        assertEquals("counters called after their unreferenced()", 0, factory.callsAfterUnreferenced.get());
        await(() -> factory.unreferenced.get() == factory.made.get(),
                () -> "every counter unreferenced once dropped: " + factory.unreferenced.get() + " of " + factory.made.get());
        assertEquals(0, factory.callsAfterUnreferenced.get());
    }

    private static int tcpPort(RemoteRuntime runtime) {
        for (Utid u : runtime.localUtids()) {
            if (u.technology().equals("tcp")) {
                byte[] a = u.address();
                return (a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8;
            }
        }
        throw new AssertionError("no tcp UTID: " + runtime.localUtids());
    }

    private BufferedReader startChild(int port) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                "-Djava.rmi.dgc.leaseValue=" + LEASE_MS, DgcLoadClient.class.getName(), String.valueOf(port)))
                .redirectError(new File(System.getProperty("java.io.tmpdir"), "karmi-dgc-swap-child.err"))
                .start();
        return new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
    }

    private static String awaitLine(BufferedReader out, String prefix) throws Exception {
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
            fail("child ended before " + prefix + " (see karmi-dgc-swap-child.err in java.io.tmpdir)");
        }
        return l;
    }

    private <T> T service(Class<T> type) throws Exception {
        ServiceTracker<T, T> t = new ServiceTracker<>(context, type, null);
        t.open();
        T s = t.waitForService(BOUND_MS);
        assertNotNull("no " + type.getSimpleName() + " service", s);
        return s;
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        await(condition, () -> what);
    }

    private static void await(BooleanSupplier condition, java.util.function.Supplier<String> what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + BOUND_MS + " ms: " + what.get());
            }
            System.gc(); // lets unpinned counters leave (and the container's own stubs go)
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }
}
