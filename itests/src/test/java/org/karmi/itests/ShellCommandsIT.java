package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.bundle;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.concurrent.TimeUnit;

import javax.inject.Inject;

import org.apache.felix.service.command.CommandProcessor;
import org.apache.felix.service.command.CommandSession;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.karmi.RemoteRuntime;
import org.karmi.spi.transport.Utid;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/** Every {@code karmi:} command prints its table in a real Gogo session. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ShellCommandsIT {

    /** The Gogo runtime the node ships (itests/pom.xml has it as a dependency, so it is in the local repository). */
    static final String GOGO_RUNTIME_VERSION = "1.1.6";

    /** A remote interface of the probe bundle. */
    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    @Inject
    BundleContext context;

    private CommandSession session;
    private ByteArrayOutputStream out;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options(
                mavenBundle("org.apache.felix", "org.apache.felix.gogo.runtime", GOGO_RUNTIME_VERSION),
                bundle(new File(shellBundlePath()).toURI().toString()));
    }

    /**
     * The shell bundle beside the core's jar (reactor target/ or local repository alike): it is not
     * in {@code karmi.bundle.paths}, whose bundles every other itest starts without Gogo.
     */
    static String shellBundlePath() {
        for (String p : KarmiContainer.bundlePaths()) {
            if (p.contains("org.karmi.core")) {
                return p.replace("org.karmi.core", "org.karmi.shell");
            }
        }
        throw new IllegalStateException("no org.karmi.core in karmi.bundle.paths");
    }

    private <T> T service(Class<T> type) throws InterruptedException {
        ServiceTracker<T, T> t = new ServiceTracker<>(context, type, null);
        t.open();
        T s = t.waitForService(TimeUnit.SECONDS.toMillis(20));
        assertNotNull("no " + type.getSimpleName() + " within 20 s", s);
        return s;
    }

    @Before
    public void session() throws Exception {
        out = new ByteArrayOutputStream();
        session = service(CommandProcessor.class).createSession(new ByteArrayInputStream(new byte[0]), out, out);
        // the commands' service may come a moment after the runtime: wait for the function
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (session.get("karmi:node") == null && !commandRegistered()) {
            assertTrue("karmi:node not registered within 20 s", System.nanoTime() < deadline);
            Thread.sleep(20);
        }
    }

    private boolean commandRegistered() throws Exception {
        return context.getServiceReferences((String) null, "(&(osgi.command.scope=karmi)(osgi.command.function=node))") != null;
    }

    @After
    public void close() {
        session.close();
    }

    private String run(String command) throws Exception {
        Object result = session.execute(command);
        assertNotNull(command + " answered nothing; output: " + out, result);
        return result.toString();
    }

    @Test
    public void nodeTableShowsTheIdAndTheRunningTechnologies() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        String table = run("karmi:node");
        assertTrue(table, table.contains("id           " + Long.toHexString(runtime.nodeId())));
        assertTrue(table, table.contains("uka 2 (preferred) ranking 10, jdk 1 (offered) ranking 0"));
        assertTrue(table, table.lines().anyMatch(l -> l.startsWith("tcp ") && l.contains(" running ")
                && l.contains("tcp 127.0.0.1:")));
        assertTrue(table, table.lines().anyMatch(l -> l.startsWith("TECHNOLOGY  ") && l.contains("STATE")));
    }

    @Test
    public void statsTableHasARowPerRunningTechnologyAndPerCollector() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        String out = run("karmi:stats");
        assertTrue(out, out.startsWith("TECHNOLOGY"));
        String[] tables = out.split("\n\n");
        assertEquals(out, runtime.statistics().size() + 1, tables[0].lines().count());
        assertEquals(out, 2, tables.length);
        assertTrue(out, tables[1].startsWith("COLLECTOR"));
        assertEquals(out, runtime.collectorStatistics().size() + 1, tables[1].lines().count());
    }

    @Test
    public void exportsTableHasARowPerExportedObject() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        runtime.registry().rebind("echo-exports", runtime.export((Echo) s -> s));
        String table = run("karmi:exports");
        assertTrue(table, table.lines().findFirst().orElse("").contains("CLASS"));
        assertEquals(table, runtime.exports().size() + 1, table.lines().count());
        assertTrue(table, table.lines().anyMatch(l -> l.contains(Echo.class.getName()) && l.contains("pinned")));
        assertTrue(table, table.lines().anyMatch(l -> l.contains("org.karmi.registry.Registry") && l.contains("permanent")));
    }

    @Test
    public void registryListsAndLooksUpABoundName() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        runtime.registry().rebind("echo-shell", runtime.export((Echo) s -> s));
        String list = run("karmi:registry");
        assertTrue(list, list.lines().anyMatch(l -> l.startsWith("echo-shell") && l.contains(Echo.class.getName())));
        String lookup = run("karmi:registry lookup echo-shell");
        assertTrue(lookup, lookup.startsWith("NAME") && lookup.contains(Echo.class.getName()));
    }

    @Test
    public void healthTableIsGreenForARunningNode() throws Exception {
        String table = run("karmi:health");
        assertTrue(table, table.startsWith("CHECK"));
        assertTrue(table, table.lines().anyMatch(l -> l.startsWith("technologies") && l.contains(" OK ")
                && l.contains("tcp running, listening on tcp")));
        assertTrue(table, table.lines().skip(1).noneMatch(l -> l.contains(" CRITICAL ")));
    }

    @Test
    public void pingReachesTheNodesOwnRegistryOverTcp() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        runtime.registry().rebind("echo-ping", runtime.export((Echo) s -> s));
        int port = -1;
        for (Utid u : runtime.localUtids()) {
            if (u.technology().equals("tcp")) {
                byte[] a = u.address();
                port = (a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8;
            }
        }
        assertTrue("no tcp address in " + runtime.localUtids(), port > 0);
        String table = run("karmi:ping rmi://127.0.0.1:" + port + "/echo-ping 5");
        assertTrue(table, table.lines().anyMatch(l -> l.contains("reachable: " + Echo.class.getName())
                && l.contains("  5  ")));
        String missing = run("karmi:ping rmi://127.0.0.1:" + port + "/nobody");
        assertTrue(missing, missing.contains("'nobody' not bound"));
    }

    @Test
    public void connectionsShowsBothEndsOfATcpConnection() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        int port = -1;
        for (Utid u : runtime.localUtids()) {
            if (u.technology().equals("tcp")) {
                byte[] a = u.address();
                port = (a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8;
            }
        }
        run("karmi:ping rmi://127.0.0.1:" + port + "/ 1"); // a round trip over TCP to this very node
        String table = run("karmi:connections");
        String self = Long.toHexString(runtime.nodeId());
        assertTrue(table, table.startsWith("TECHNOLOGY  DIRECTION  PEER NODE"));
        assertTrue(table, table.lines().anyMatch(l -> l.matches("tcp +out +" + self + " .*uka/\\d+ .*")));
        assertTrue(table, table.lines().anyMatch(l -> l.matches("tcp +in +" + self + " .*uka/\\d+ .*")));
    }
}
