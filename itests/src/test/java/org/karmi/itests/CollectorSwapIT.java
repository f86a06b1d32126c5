package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.systemProperty;

import java.util.List;
import java.util.function.BooleanSupplier;

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
    private static final long BOUND_MS = LoadChild.BOUND_MS;

    @Inject
    BundleContext context;

    private LoadChild child;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options(systemProperty("java.rmi.dgc.leaseValue").value(String.valueOf(LEASE_MS)));
    }

    @After
    public void stopChild() throws Exception {
        if (child != null) {
            child.close();
        }
    }

    @Test
    public void swappingCollectorsUnderLoadNeverFreesAReferencedObjectAndCollectsWhatWasDropped() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        await(() -> runtime.collectorStatistics().keySet().containsAll(List.of("lease", "cluster")), "both collectors");
        DgcSwapFactory.Impl factory = new DgcSwapFactory.Impl(runtime);
        runtime.registry().rebind("factory", runtime.export(factory));
        child = new LoadChild(runtime, "karmi-dgc-swap-child.err", "-Djava.rmi.dgc.leaseValue=" + LEASE_MS);
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
        long[] outcome = child.drop();
        long calls = outcome[0];
        long failures = outcome[1];
        System.out.printf("collector swap: %d counters made, %d calls, %d failures%n", factory.made.get(), calls, failures);
        assertTrue("the clients called", calls > 100);
        assertEquals("failed calls (see the child's FAILURE lines)", 0, failures);
        assertEquals("counters called after their unreferenced()", 0, factory.callsAfterUnreferenced.get());
        await(() -> factory.unreferenced.get() == factory.made.get(),
                () -> "every counter unreferenced once dropped: " + factory.unreferenced.get() + " of " + factory.made.get());
        assertEquals(0, factory.callsAfterUnreferenced.get());
    }

    private <T> T service(Class<T> type) throws Exception {
        return Waits.service(context, type, BOUND_MS);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        Waits.until(condition, () -> what, BOUND_MS, true);
    }

    private static void await(BooleanSupplier condition, java.util.function.Supplier<String> what)
            throws InterruptedException {
        Waits.until(condition, what, BOUND_MS, true);
    }
}
