package org.karmi.itests;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;

import java.io.File;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.inject.Inject;

import org.junit.After;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.karmi.RemoteRuntime;
import org.karmi.itests.rsa.api.Greeter;
import org.karmi.itests.rsa.api.Greeting;
import org.karmi.itests.rsa.api.GreetingRefused;
import org.karmi.spi.transport.TechnologyStatistics;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;

/**
 * Issue 14, first slice: OSGi Remote Services over KaRMI between two nodes in two JVMs, with
 * Apache Aries RSA 1.16.1 (Remote Service Admin, topology manager, config discovery) and the
 * {@code org.karmi.rsa} distribution provider in both. The second node is the node jar started
 * by the test, with Aries, the provider and a provider bundle (built here from
 * {@code org.karmi.itests.rsa}) deployed through its File Install directory; it exports a plain
 * {@link Greeter} registered with {@code service.exported.interfaces=*}. Its endpoint description
 * reaches this framework as Aries' config discovery takes it (a Configuration Admin factory
 * configuration; the provider bundle writes each endpoint its node exports to a file, standing in
 * for a network discovery). Here the topology manager imports it when the test asks for a
 * {@code Greeter}; the test calls a String method, a DTO method and a method throwing a declared
 * exception; the calls cross between the JVMs over ParaStation (both nodes on this host, in
 * the default domain, asserted from the technology statistics); a service asking for the
 * unsupported intent {@code osgi.confidential} is not exported and the node logs the intent;
 * once the exporting node is gone, a call fails with {@link ServiceException#REMOTE}.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class RemoteServicesIT {

    /** Bound on each wait: the node's start, the export, the import, the node's end. */
    private static final long BOUND_MILLIS = 60_000;
    private static final String CONFIGADMIN_VERSION = "1.9.26";
    private static final String EVENTADMIN_VERSION = "1.6.4";
    private static final String SLF4J_VERSION = "1.7.36";
    private static final String CONFIG_DISCOVERY_PID = "org.apache.aries.rsa.discovery.config";

    @Inject
    BundleContext context;

    private Path work;
    private RsaNodes.Node node;
    private org.osgi.service.cm.Configuration endpointConfig;
    private ServiceTracker<Greeter, Greeter> greeters;

    @Configuration
    public Option[] config() {
        List<Option> extra = new ArrayList<>();
        extra.add(mavenBundle("org.apache.felix", "org.apache.felix.configadmin", CONFIGADMIN_VERSION));
        extra.add(mavenBundle("org.apache.felix", "org.apache.felix.eventadmin", EVENTADMIN_VERSION));
        extra.add(mavenBundle("org.slf4j", "slf4j-api", SLF4J_VERSION));
        extra.add(mavenBundle("org.slf4j", "slf4j-simple", SLF4J_VERSION).noStart());
        for (String path : RsaNodes.rsaBundlePaths()) {
            extra.add(bundle(new File(path).toURI().toString()));
        }
        return KarmiContainer.options(extra.toArray(new Option[0]));
    }

    @After
    public void cleanUp() throws Exception {
        if (greeters != null) {
            greeters.close();
        }
        if (endpointConfig != null) {
            endpointConfig.delete();
        }
        if (node != null) {
            node.close();
        }
        RsaNodes.deleteTree(work);
    }

    @Test(timeout = 240_000)
    public void plainServiceExportedByAnotherNodeIsImportedAndCalledAcrossJvms() throws Exception {
        work = Files.createTempDirectory("karmi-rsa-it-");
        Path deploy = Files.createDirectory(work.resolve("deploy"));
        Path endpoints = Files.createDirectory(work.resolve("endpoints"));
        for (String path : RsaNodes.rsaBundlePaths()) {
            Path p = Path.of(path);
            Files.copy(p, deploy.resolve(p.getFileName()));
        }
        Files.write(deploy.resolve("greeter-provider.jar"), RsaNodes.providerBundle());
        node = RsaNodes.Node.start(work.resolve("node.log"), "-Dkarmi.tcp.port=0", "-Dkarmi.node.shell=false",
                "-Dfelix.fileinstall.dir=" + deploy, "-Dkarmi.it.endpoints=" + endpoints);

        // the exporting node: one endpoint, the osgi.confidential service refused with the intent named
        node.await("the provider refuses the osgi.confidential service, naming the intent", BOUND_MILLIS,
                () -> node.log().contains("intent osgi.confidential is not supported"));
        // the provider starts again as each technology of that node starts, so the endpoint is exported again
        // until it carries every UTID of the node
        node.await("the node exports the Greeter with the UTIDs of both its technologies", BOUND_MILLIS,
                () -> endpointWithEveryUtid(endpoints) != null);
        Map<String, Object> endpoint = endpointWithEveryUtid(endpoints);
        assertNotNull(endpoint);
        assertEquals("karmi:" + endpoint.get("org.karmi.node") + "/" + endpoint.get("org.karmi.object"), endpoint.get("endpoint.id"));
        for (Path f : endpointFiles(endpoints)) {
            assertEquals("the osgi.confidential service is not exported", "plain", readEndpoint(f).get("greeter"));
        }

        // this node: the endpoint through Aries' config discovery, imported on demand
        ConfigurationAdmin cm = Waits.service(context, ConfigurationAdmin.class, BOUND_MILLIS);
        endpointConfig = cm.createFactoryConfiguration(CONFIG_DISCOVERY_PID, "?");
        endpointConfig.update(new Hashtable<>(endpoint));
        greeters = new ServiceTracker<>(context, Greeter.class, null);
        greeters.open();
        Greeter greeter = greeters.waitForService(BOUND_MILLIS);
        assertNotNull("no imported Greeter within " + BOUND_MILLIS + " ms; exporting node's output:\n" + node.log(), greeter);
        ServiceReference<Greeter> ref = greeters.getServiceReference();
        assertNotNull("service.imported", ref.getProperty("service.imported"));
        assertTrue(strings(ref.getProperty("service.imported.configs")).contains("org.karmi"));
        assertTrue(strings(ref.getProperty("service.intents")).contains("osgi.basic"));
        assertEquals("plain", ref.getProperty("greeter"));

        RemoteRuntime runtime = Waits.service(context, RemoteRuntime.class, BOUND_MILLIS);
        Map<String, Long> before = callsSent(runtime);
        assertEquals("Hello, Pax", greeter.hello("Pax"));
        Greeting g = new Greeting();
        g.text = "dto";
        g.count = 41;
        g.tags = new String[] {"a", "b"};
        Greeting back = greeter.greet(g);
        assertEquals("DTO", back.text);
        assertEquals(42, back.count);
        assertArrayEquals(new String[] {"a", "b"}, back.tags);
        GreetingRefused refused = assertThrows(GreetingRefused.class, () -> greeter.refuse("not today"));
        assertEquals("not today", refused.getMessage());
        Map<String, Long> after = callsSent(runtime);
        assertEquals("the three calls crossed to the other JVM over ParaStation (calls sent before " + before + ", after "
                + after + ")", before.getOrDefault("parastation", 0L) + 3, (long) after.getOrDefault("parastation", 0L));

        // the exporting node ends: the imported service stays (the configuration still describes it), calls fail REMOTE
        node.process.destroy();
        assertTrue("the exporting node did not end within " + BOUND_MILLIS + " ms", node.process.waitFor(BOUND_MILLIS,
                TimeUnit.MILLISECONDS));
        ServiceException gone = assertThrows(ServiceException.class, () -> greeter.hello("anyone"));
        assertEquals(ServiceException.REMOTE, gone.getType());
        assertTrue(String.valueOf(gone.getCause()), gone.getCause() instanceof java.rmi.RemoteException);
    }

    private static Map<String, Long> callsSent(RemoteRuntime runtime) {
        Map<String, Long> out = new HashMap<>();
        for (Map.Entry<String, TechnologyStatistics> e : runtime.statistics().entrySet()) {
            out.put(e.getKey(), e.getValue().callsSent());
        }
        return out;
    }

    private static List<String> strings(Object value) {
        if (value instanceof String[] a) {
            return Arrays.asList(a);
        }
        if (value instanceof java.util.Collection<?> c) {
            return c.stream().map(String::valueOf).collect(Collectors.toList());
        }
        return value == null ? List.of() : List.of(String.valueOf(value));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> readEndpoint(Path file) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(file))) {
            in.setObjectInputFilter(java.io.ObjectInputFilter.Config.createFilter(
                    "java.util.HashMap;java.lang.*;java.util.*;[Ljava.lang.String;;!*"));
            return (Map<String, Object>) in.readObject();
        }
    }

    /** An endpoint of the exporting node carrying a tcp and a parastation UTID, or null. */
    private static Map<String, Object> endpointWithEveryUtid(Path directory) {
        for (Path f : endpointFiles(directory)) {
            try {
                Map<String, Object> e = readEndpoint(f);
                List<String> utids = Arrays.asList((String[]) e.get("org.karmi.utids"));
                if (utids.stream().anyMatch(u -> u.startsWith("tcp:")) && utids.stream().anyMatch(u -> u.startsWith("parastation:"))) {
                    return e;
                }
            } catch (IOException | ClassNotFoundException e) {
                // removed meanwhile
            }
        }
        return null;
    }

    private static List<Path> endpointFiles(Path directory) {
        try (Stream<Path> s = Files.list(directory)) {
            return s.filter(p -> p.toString().endsWith(".endpoint")).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
