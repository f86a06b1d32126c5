package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;

import java.io.File;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javax.inject.Inject;

import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.karmi.itests.rsa.api.Greeter;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Issue 14: OSGi Remote Services over KaRMI with Aries RSA's ZooKeeper discovery (1.16.1) and a
 * real ZooKeeper server (3.8.4, wrapped into a bundle by the test), started by the test
 * in this JVM on an ephemeral loopback port. The provider is a second node (the node jar, its own
 * JVM) with Aries, the ZooKeeper discovery, {@code org.karmi.rsa} and the provider bundle in its
 * File Install directory, and the discovery's client configuration there as a {@code .cfg} file;
 * this framework (the consumer) has the same bundles and gets its client configuration through
 * Configuration Admin. The endpoint travels only through ZooKeeper: the Greeter is imported here,
 * called, unregistered once the provider bundle is gone (the jar taken out of the File Install
 * directory) and registered again when it is back; a provider node killed outright (SIGKILL, no
 * goodbye) loses its ZooKeeper session and its endpoint with it, and the imported service goes.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class RemoteServicesZooKeeperIT {

    /** Bound on the provider node's start up to the first import (a cold JVM, Felix, Aries, ZooKeeper session). */
    private static final long START_BOUND_MILLIS = 30_000;
    /**
     * Bound from taking the provider bundle's jar out of the File Install directory to the
     * imported service's unregistration here: File Install's poll (1 s), the bundle's stop, the
     * topology manager's unexport, the ZooKeeper delete and watch; the same bound for the way back.
     */
    private static final long BUNDLE_BOUND_MILLIS = 10_000;
    /**
     * The ZooKeeper session timeout the discovery asks for (Aries' default, 3 s; the server here
     * grants 1..10 s at its tick of 500 ms).
     */
    private static final int SESSION_TIMEOUT_MILLIS = 3_000;
    /** Bound from SIGKILL of the provider node to the unregistration here: the session timeout plus 5 s. */
    private static final long KILL_BOUND_MILLIS = SESSION_TIMEOUT_MILLIS + 5_000;

    /** Aries' discovery modules: 1.14.0, as itests/pom.xml explains (the 1.16.1 POMs name a parent the registry lacks). */
    private static final String ARIES_DISCOVERY_VERSION = "1.14.0";
    private static final String ZK_DISCOVERY_PID = "org.apache.aries.rsa.discovery.zookeeper";
    /**
     * ZooKeeper's version: Aries 1.16.1 is built against 3.4.14, whose client cannot connect on JDK
     * 14+ (ZOOKEEPER-3779); its imports take [3.4,4), and the API it uses is unchanged in 3.8.
     */
    private static final String ZOOKEEPER_VERSION = "3.8.4";

    /** ZooKeeper discovery and what it needs beside Aries' core on JDK 17+: Maven coordinates. */
    private static final String[][] ZOOKEEPER_DISCOVERY = {
        {"jakarta.activation", "jakarta.activation-api", "1.2.2"},
        {"jakarta.xml.bind", "jakarta.xml.bind-api", "2.3.3"},
        {"com.sun.xml.bind", "jaxb-osgi", "2.3.9"},
        {"org.glassfish.hk2", "osgi-resource-locator", "1.0.3"},
        {"org.apache.aries.rsa.discovery", "org.apache.aries.rsa.discovery.local", ARIES_DISCOVERY_VERSION},
        {"org.apache.aries.rsa.discovery", "org.apache.aries.rsa.discovery.zookeeper", ARIES_DISCOVERY_VERSION},
    };

    @Inject
    BundleContext context;

    private Path work;
    private ServerCnxnFactory zookeeper;
    private org.osgi.service.cm.Configuration discoveryConfig;
    private RsaNodes.Node node;
    private ServiceTracker<Greeter, Greeter> greeters;

    @Configuration
    public Option[] config() {
        List<Option> extra = new ArrayList<>();
        extra.add(mavenBundle("org.apache.felix", "org.apache.felix.configadmin", "1.9.26"));
        extra.add(mavenBundle("org.apache.felix", "org.apache.felix.eventadmin", "1.6.4"));
        extra.add(mavenBundle("org.slf4j", "slf4j-api", "1.7.36"));
        extra.add(mavenBundle("org.slf4j", "slf4j-simple", "1.7.36").noStart());
        for (String path : RsaNodes.rsaBundlePaths()) {
            extra.add(bundle(new File(path).toURI().toString()));
        }
        for (String[] gav : ZOOKEEPER_DISCOVERY) {
            extra.add(mavenBundle(gav[0], gav[1], gav[2]));
        }
        try {
            Path zk = Files.createTempFile("karmi-zookeeper-", ".jar");
            zk.toFile().deleteOnExit();
            // the server runs here: Dropwizard Metrics (its counters) and snappy-java (linked by its snapshots) inside
            extra.add(bundle(RsaNodes.wrapAsBundle(zk, "org.apache.zookeeper", ZOOKEEPER_VERSION,
                    RsaNodes.localJar("org.apache.zookeeper", "zookeeper", ZOOKEEPER_VERSION),
                    RsaNodes.localJar("org.apache.zookeeper", "zookeeper-jute", ZOOKEEPER_VERSION),
                    RsaNodes.localJar("io.dropwizard.metrics", "metrics-core", "4.1.12.1"),
                    RsaNodes.localJar("org.xerial.snappy", "snappy-java", "1.1.10.5")).toUri().toString()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return KarmiContainer.options(extra.toArray(new Option[0]));
    }

    @Before
    public void startZooKeeper() throws Exception {
        work = Files.createTempDirectory("karmi-rsa-zk-it-");
        File data = Files.createDirectory(work.resolve("zookeeper")).toFile();
        ZooKeeperServer server = new ZooKeeperServer(data, data, 500);
        zookeeper = ServerCnxnFactory.createFactory(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        zookeeper.startup(server);
    }

    @After
    public void cleanUp() throws Exception {
        if (greeters != null) {
            greeters.close();
        }
        if (discoveryConfig != null) {
            discoveryConfig.delete();
        }
        if (node != null) {
            node.close();
        }
        if (zookeeper != null) {
            zookeeper.shutdown();
        }
        RsaNodes.deleteTree(work);
    }

    @Test(timeout = 120_000)
    public void serviceOfAnotherNodeIsImportedThroughZooKeeperAndFollowsItsProvider() throws Exception {
        int port = zookeeper.getLocalPort();
        String cfg = "zookeeper.host=127.0.0.1\nzookeeper.port=" + port + "\nzookeeper.timeout=" + SESSION_TIMEOUT_MILLIS + "\n";

        // the consumer: the discovery's client configuration through Configuration Admin
        ConfigurationAdmin cm = Waits.service(context, ConfigurationAdmin.class, START_BOUND_MILLIS);
        discoveryConfig = cm.getConfiguration(ZK_DISCOVERY_PID, "?");
        Hashtable<String, Object> props = new Hashtable<>();
        props.put("zookeeper.host", "127.0.0.1");
        props.put("zookeeper.port", String.valueOf(port));
        props.put("zookeeper.timeout", String.valueOf(SESSION_TIMEOUT_MILLIS));
        discoveryConfig.update(props);
        greeters = new ServiceTracker<>(context, Greeter.class, null);
        greeters.open();

        // the provider node: the same bundles through File Install, the configuration as a .cfg file
        Path deploy = Files.createDirectory(work.resolve("deploy"));
        for (String path : RsaNodes.rsaBundlePaths()) {
            Path p = Path.of(path);
            Files.copy(p, deploy.resolve(p.getFileName()));
        }
        // File Install starts them in the order of their names: the resource locator (through which the JAXB
        // API finds its implementation) before discovery.local's parser looks, so numbered as listed
        zookeeperBundle(deploy.resolve("0-zookeeper-" + ZOOKEEPER_VERSION + ".jar"));
        for (int i = 0; i < ZOOKEEPER_DISCOVERY.length; i++) {
            String[] gav = ZOOKEEPER_DISCOVERY[i];
            Path p = RsaNodes.localJar(gav[0], gav[1], gav[2]);
            Files.copy(p, deploy.resolve((i + 1) + "-" + p.getFileName()));
        }
        Path provider = work.resolve("greeter-provider.jar");
        Files.write(provider, RsaNodes.providerBundle());
        Files.copy(provider, deploy.resolve("greeter-provider.jar"));
        Path endpoints = Files.createDirectory(work.resolve("endpoints")); // the provider bundle's endpoint files, unused here
        node = RsaNodes.Node.start(work.resolve("node.log"), "-Dkarmi.tcp.port=0", "-Dkarmi.node.shell=false",
                "-Dfelix.fileinstall.dir=" + deploy, "-Dkarmi.it.endpoints=" + endpoints);
        // the discovery's configuration only once the node's bundles run: without one it does not connect, and
        // connected it builds its endpoint parser at once, whose JAXB lookup needs the resource locator started
        // (File Install's first pass installs and starts them in one go; a connection made meanwhile raced it)
        node.await("the provider exported", START_BOUND_MILLIS, () -> node.log().contains("org.karmi.rsa: exported service"));
        Files.writeString(deploy.resolve(ZK_DISCOVERY_PID + ".cfg"), cfg, StandardCharsets.ISO_8859_1);

        // imported here once the endpoint carries both UTIDs of that node (it is exported again as each technology starts)
        long t0 = System.nanoTime();
        awaitImported("the Greeter imported through ZooKeeper with the tcp and parastation UTIDs", START_BOUND_MILLIS);
        System.out.printf("ZooKeeper IT: imported %d ms after the provider node's start%n", millisSince(t0));
        ServiceReference<Greeter> ref = fullEndpoint();
        String called = (String) ref.getProperty("endpoint.id");
        assertNotNull("service.imported", ref.getProperty("service.imported"));
        assertTrue(Arrays.asList((String[]) ref.getProperty("service.imported.configs")).contains("org.karmi"));
        assertEquals("plain", ref.getProperty("greeter"));
        assertEquals("Hello, ZooKeeper", greeters.getService(ref).hello("ZooKeeper"));

        // the provider bundle goes (its jar out of File Install's directory): the endpoint leaves ZooKeeper, the import goes
        Files.delete(deploy.resolve("greeter-provider.jar"));
        t0 = System.nanoTime();
        // (the endpoint the node exported first, before its second technology started, is not withdrawn from
        // ZooKeeper when the node exports again with both UTIDs: it stays imported here until the node's session ends)
        await("the imported Greeter " + called + " unregistered after its provider bundle went", BUNDLE_BOUND_MILLIS,
                () -> !importedEndpoints().stream().anyMatch(e -> e.startsWith(called + " ")));
        System.out.printf("ZooKeeper IT: unregistered %d ms after the provider jar's removal (bound %d ms)%n", millisSince(t0),
                BUNDLE_BOUND_MILLIS);

        // and comes back
        Files.copy(provider, deploy.resolve("greeter-provider.jar"));
        t0 = System.nanoTime();
        awaitImported("the Greeter imported again once the provider bundle is back", BUNDLE_BOUND_MILLIS + START_BOUND_MILLIS);
        System.out.printf("ZooKeeper IT: imported again %d ms after the provider jar's return%n", millisSince(t0));
        assertEquals("Hello, again", greeters.getService(fullEndpoint()).hello("again"));

        // the provider node is killed outright: its session expires, ZooKeeper drops its ephemeral endpoint node
        node.process.destroyForcibly();
        assertTrue("the provider node did not end within 10 s", node.process.waitFor(10, TimeUnit.SECONDS));
        t0 = System.nanoTime();
        await("the imported Greeter unregistered after the provider node was killed", KILL_BOUND_MILLIS, () -> greeters.isEmpty());
        System.out.printf("ZooKeeper IT: unregistered %d ms after SIGKILL of the provider node (session timeout %d ms, bound %d ms)%n",
                millisSince(t0), SESSION_TIMEOUT_MILLIS, KILL_BOUND_MILLIS);
    }

    /** ZooKeeper's two jars (client, server, jute) wrapped into one bundle at {@code out}: what a client needs. */
    private static Path zookeeperBundle(Path out) throws java.io.IOException {
        return RsaNodes.wrapAsBundle(out, "org.apache.zookeeper", ZOOKEEPER_VERSION,
                RsaNodes.localJar("org.apache.zookeeper", "zookeeper", ZOOKEEPER_VERSION),
                RsaNodes.localJar("org.apache.zookeeper", "zookeeper-jute", ZOOKEEPER_VERSION));
    }

    /** The imported Greeter whose endpoint lists a tcp and a parastation UTID, or null. */
    private ServiceReference<Greeter> fullEndpoint() {
        ServiceReference<Greeter>[] refs = greeters.getServiceReferences();
        for (ServiceReference<Greeter> r : refs == null ? List.<ServiceReference<Greeter>>of() : Arrays.asList(refs)) {
            Object utids = r.getProperty("org.karmi.utids");
            if (utids instanceof String[] u && Arrays.stream(u).anyMatch(x -> x.startsWith("tcp:"))
                    && Arrays.stream(u).anyMatch(x -> x.startsWith("parastation:"))) {
                return r;
            }
        }
        return null;
    }

    /** Waits until an imported Greeter whose endpoint lists a tcp and a parastation UTID is registered. */
    private void awaitImported(String what, long boundMillis) throws InterruptedException {
        await(what, boundMillis, () -> fullEndpoint() != null);
    }

    private void await(String what, long boundMillis, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(boundMillis);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail("not within " + boundMillis + " ms: " + what + "; imported here: " + importedEndpoints()
                        + "; provider node's output:\n" + node.log());
            }
            Thread.sleep(20);
        }
    }

    private List<String> importedEndpoints() {
        List<String> out = new ArrayList<>();
        ServiceReference<Greeter>[] refs = greeters.getServiceReferences();
        for (ServiceReference<Greeter> r : refs == null ? List.<ServiceReference<Greeter>>of() : Arrays.asList(refs)) {
            out.add(r.getProperty("endpoint.id") + " " + Arrays.toString((String[]) r.getProperty("org.karmi.utids")));
        }
        return out;
    }

    private static long millisSince(long t0) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    }
}
