package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;

import java.util.Hashtable;
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
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * Serializers swapped under load inside a running Felix (issue 15): 8 client threads in a child
 * JVM (offering uka, then jdk) call counters of the node in Felix while the serializer bundle
 * its connections use is stopped and started, uka and jdk in turn, and while the uka
 * configuration changes. Each time the node keeps its id and its exports, offers what is
 * installed, the child's connections move to new ones, and no call fails.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class SerializerSwapIT {

    private static final long BOUND_MS = LoadChild.BOUND_MS;

    @Inject
    BundleContext context;

    private LoadChild child;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options(org.ops4j.pax.exam.CoreOptions.mavenBundle("org.apache.felix",
                "org.apache.felix.configadmin", TcpConfigurationLiveIT.CONFIGADMIN_VERSION));
    }

    @After
    public void stopChild() throws Exception {
        if (child != null) {
            child.close();
        }
    }

    @Test
    public void stoppingStartingAndReconfiguringTheUkaBundleUnderLoadKeepsTheNodeAndLosesNoCall() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        long id = runtime.nodeId();
        String uka = runtime.serializers().get(0);
        assertTrue("uka preferred at start: " + runtime.serializers(), uka.startsWith("uka/"));
        DgcSwapFactory.Impl factory = new DgcSwapFactory.Impl(runtime);
        runtime.registry().rebind("factory", runtime.export(factory));
        child = new LoadChild(runtime, "karmi-serializer-swap-child.err");
        Bundle ukaBundle = KarmiHealth.find(context, "org.karmi.serial");
        Bundle jdkBundle = KarmiHealth.find(context, "org.karmi.serial.jdk");
        assertNotNull(ukaBundle);
        assertNotNull(jdkBundle);
        // open connections keep their serializer: stopping the one they use moves them to the other
        for (int round = 0; round < 2; round++) {
            moveConnections(runtime, ukaBundle, List.of("jdk/1"));
            await(() -> runtime.serializers().equals(List.of(uka, "jdk/1")), () -> "uka back: " + runtime.serializers());
            moveConnections(runtime, jdkBundle, List.of(uka));
            await(() -> runtime.serializers().equals(List.of(uka, "jdk/1")), () -> "jdk back: " + runtime.serializers());
        }
        // a changed uka configuration registers a new uka serializer before the old one goes
        ConfigurationAdmin cm = service(ConfigurationAdmin.class);
        org.osgi.service.cm.Configuration c = cm.getConfiguration("org.karmi.serial.uka", "?");
        Hashtable<String, Object> p = new Hashtable<>();
        p.put("maxDepth", 900);
        try {
            long opened = runtime.statistics().get("tcp").connectionsOpened();
            c.update(p);
            await(() -> runtime.statistics().get("tcp").connectionsOpened() > opened,
                    () -> "the connections of the replaced uka serializer moved");
            assertEquals(List.of(uka, "jdk/1"), runtime.serializers());
            Thread.sleep(700);
        } finally {
            c.delete();
        }
        long[] outcome = child.drop();
        System.out.printf("serializer swap: %d calls, %d failures%n", outcome[0], outcome[1]);
        assertTrue("the clients called", outcome[0] > 100);
        assertEquals("failed calls (see the child's FAILURE lines)", 0, outcome[1]);
        assertEquals("the node kept its id", id, runtime.nodeId());
        assertTrue("the factory is still exported", runtime.exports().stream()
                .anyMatch(e -> e.type().equals(DgcSwapFactory.Impl.class.getName())));
    }

    /** Stops {@code bundle} under load until the node offers only {@code left} and the connections moved; starts it again. */
    private static void moveConnections(RemoteRuntime runtime, Bundle bundle, List<String> left) throws Exception {
        Thread.sleep(500);
        long opened = runtime.statistics().get("tcp").connectionsOpened();
        bundle.stop();
        await(() -> runtime.serializers().equals(left), () -> "only " + left + " offered: " + runtime.serializers());
        await(() -> runtime.statistics().get("tcp").connectionsOpened() > opened,
                () -> "the child's connections moved to new ones (" + left + ")");
        Thread.sleep(500);
        bundle.start();
    }

    private <T> T service(Class<T> type) throws Exception {
        return Waits.service(context, type, BOUND_MS);
    }

    private static void await(BooleanSupplier condition, java.util.function.Supplier<String> what)
            throws InterruptedException {
        Waits.until(condition, what, BOUND_MS, false);
    }
}
