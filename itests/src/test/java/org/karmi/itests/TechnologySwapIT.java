package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.rmi.RemoteException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.inject.Inject;

import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.karmi.RemoteRuntime;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/**
 * A technology swapped at run time inside a running Felix: a node in Felix calls an object in
 * a second JVM (a TCP-only node) whose interface lives in a consumer bundle (the probe); the
 * TCP technology bundle is stopped (calls then fail fast with a RemoteException, never hang)
 * and started again (calls through the same stub work again).
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class TechnologySwapIT {

    private static final long BOUND_MILLIS = TimeUnit.SECONDS.toMillis(20);

    @Inject
    BundleContext context;

    private Process child;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options();
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
    public void stoppingAndRestartingTheTcpBundleSwapsTheTechnologyUnderAStub() throws Exception {
        int port = startChild();
        RemoteRuntime runtime = service(RemoteRuntime.class, null);
        await(() -> runtime.statistics().containsKey("tcp"), "tcp technology bound");

        SwapEcho echo = (SwapEcho) runtime.registry("127.0.0.1", port).lookup("echo");
        assertEquals("child:1", echo.echo("1"));
        long before = runtime.statistics().get("tcp").callsSent();

        Bundle tcp = KarmiHealth.find(context, "org.karmi.tech.tcp");
        assertNotNull("org.karmi.tech.tcp installed", tcp);
        tcp.stop();
        await(() -> !runtime.statistics().containsKey("tcp"), "tcp technology unbound");
        // no technology of this node reaches the TCP-only child now: a prompt RemoteException
        CompletableFuture<Throwable> failed = CompletableFuture.supplyAsync(() -> {
            try {
                echo.echo("2");
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        Throwable t = failed.get(BOUND_MILLIS, TimeUnit.MILLISECONDS);
        assertTrue("call without a technology failed with " + t, t instanceof RemoteException);

        tcp.start();
        await(() -> runtime.statistics().containsKey("tcp"), "tcp technology bound again");
        assertEquals("child:3", echo.echo("3"));
        assertTrue("the call after the restart went over the new tcp technology",
                runtime.statistics().get("tcp").callsSent() >= 1);
        assertTrue("calls were counted before the swap", before >= 1);
    }

    private int startChild() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        child = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                SwapChildNode.class.getName()))
                .redirectError(new File(System.getProperty("java.io.tmpdir"), "karmi-swap-child.err"))
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
            try {
                for (String line; (line = out.readLine()) != null;) {
                    if (line.startsWith("READY ")) {
                        return line;
                    }
                }
                return null;
            } catch (Exception e) {
                return null;
            }
        });
        String line = ready.get(BOUND_MILLIS, TimeUnit.MILLISECONDS);
        if (line == null) {
            fail("child node did not start (see karmi-swap-child.err in java.io.tmpdir)");
        }
        return Integer.parseInt(line.substring("READY ".length()).trim());
    }

    private <T> T service(Class<T> type, String filter) throws Exception {
        ServiceTracker<T, T> t = new ServiceTracker<>(context, type, null);
        t.open();
        T s = t.waitForService(BOUND_MILLIS);
        assertNotNull("no " + type.getSimpleName() + " service", s);
        return s;
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOUND_MILLIS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                fail("not within " + BOUND_MILLIS + " ms: " + what);
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

}
