package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Hashtable;
import java.util.concurrent.TimeUnit;

import javax.inject.Inject;

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
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.util.tracker.ServiceTracker;

/**
 * A configuration of PID {@code org.karmi.tech.tcp} given to Configuration Admin while the node
 * runs moves its TCP port: only the TCP technology is replaced, so the node keeps its id and its
 * exports, which answer over TCP at the new port.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class TcpConfigurationLiveIT {

    /** The Configuration Admin the node ships (itests/pom.xml has it as a dependency, so it is in the local repository). */
    static final String CONFIGADMIN_VERSION = "1.9.26";

    /** A remote interface of the probe bundle. */
    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options(
                mavenBundle("org.apache.felix", "org.apache.felix.configadmin", CONFIGADMIN_VERSION));
    }

    private <T> T service(Class<T> type) throws InterruptedException {
        ServiceTracker<T, T> t = new ServiceTracker<>(context, type, null);
        t.open();
        T s = t.waitForService(TimeUnit.SECONDS.toMillis(20));
        assertNotNull("no " + type.getSimpleName() + " service within 20 s", s);
        return s;
    }

    @Test
    public void portChangedThroughConfigurationAdminKeepsNodeIdAndExports() throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        ConfigurationAdmin cm = service(ConfigurationAdmin.class);
        long nodeId = runtime.nodeId();
        Echo stub = (Echo) runtime.export((Echo) s -> "live:" + s);
        runtime.registry().rebind("echo-live", stub);
        int before = awaitTcpPort(runtime, -1);

        int wanted = freePort();
        Hashtable<String, Object> tcp = new Hashtable<>();
        tcp.put("port", wanted);
        tcp.put("serverIdleTimeoutMillis", 5_000L);
        org.osgi.service.cm.Configuration c = cm.getConfiguration("org.karmi.tech.tcp", "?");
        try {
            c.update(tcp);
            assertEquals(wanted, awaitTcpPort(runtime, wanted));
            assertTrue(before != wanted);
            assertEquals("the node keeps its id", nodeId, runtime.nodeId());
            assertEquals("the old stub still works", "live:a", stub.echo("a"));
            Echo viaTcp = (Echo) runtime.registry("127.0.0.1", wanted).lookup("echo-live");
            assertEquals("the export answers over TCP at the new port", "live:b", viaTcp.echo("b"));
        } finally {
            c.delete();
        }
    }

    /** The tcp port the runtime lists, once it is {@code expected} ({@code -1}: any); polls with a bound. */
    private static int awaitTcpPort(RemoteRuntime runtime, int expected) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            for (Utid u : runtime.localUtids()) {
                if (u.technology().equals("tcp")) {
                    byte[] a = u.address();
                    int port = (a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8;
                    if (expected == -1 || port == expected) {
                        return port;
                    }
                }
            }
            if (System.nanoTime() - deadline > 0) {
                fail("no tcp port " + (expected == -1 ? "" : expected + " ") + "within 20 s: " + runtime.localUtids());
            }
            Thread.sleep(20);
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
