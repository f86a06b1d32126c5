package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.CoreOptions.mavenBundle;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.Hashtable;
import java.util.concurrent.TimeUnit;
import javax.inject.Inject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.karmi.RemoteRuntime;
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
 * A configuration of PID {@code org.karmi.core} given to Configuration Admin while the node
 * runs applies to the running node (issue 15): timeouts, allow-list and dispatch threads change
 * without a new node, so the node keeps its id and its exports, and the stub handed out before
 * still works. (That the new values govern the next calls is {@code NodeReconfigurationTest}'s.)
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class CoreConfigurationLiveIT {

    /** A remote interface of the probe bundle. */
    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options(mavenBundle("org.apache.felix", "org.apache.felix.configadmin",
                TcpConfigurationLiveIT.CONFIGADMIN_VERSION));
    }

    private <T> T service(Class<T> type) throws InterruptedException {
        ServiceTracker<T, T> t = new ServiceTracker<>(context, type, null);
        t.open();
        T s = t.waitForService(TimeUnit.SECONDS.toMillis(20));
        assertNotNull("no " + type.getSimpleName() + " service within 20 s", s);
        return s;
    }

    @Test
    public void timeoutsAllowListAndDispatchThreadsChangedThroughConfigurationAdminKeepNodeIdAndExports()
            throws Exception {
        RemoteRuntime runtime = service(RemoteRuntime.class);
        ConfigurationAdmin cm = service(ConfigurationAdmin.class);
        long nodeId = runtime.nodeId();
        Echo stub = (Echo) runtime.export((Echo) s -> "core:" + s);
        runtime.registry().rebind("echo-core", stub);

        Hashtable<String, Object> core = new Hashtable<>();
        core.put("call.timeout", 4_321L);
        core.put("connect.timeout", 2_000L);
        core.put("dispatch.threads", 2);
        core.put("serial.allow", "org.acme.**");
        org.osgi.service.cm.Configuration c = cm.getConfiguration("org.karmi.core", "?");
        try {
            c.update(core);
            // DS publishes a component's configuration in its service's properties: wait until this one arrived
            ServiceReference<RemoteRuntime> ref = context.getServiceReference(RemoteRuntime.class);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (ref == null || !"4321".equals(String.valueOf(ref.getProperty("call.timeout")))) {
                assertTrue("configuration not applied within 20 s", System.nanoTime() < deadline);
                Thread.sleep(50);
                ref = context.getServiceReference(RemoteRuntime.class);
            }
            assertEquals("the node keeps its id", nodeId, context.getService(ref).nodeId());
            assertEquals("the old stub still works", "core:a", stub.echo("a"));
            Echo again = (Echo) service(RemoteRuntime.class).registry().lookup("echo-core");
            assertEquals("the export is still bound", "core:b", again.echo("b"));
        } finally {
            c.delete();
        }
    }
}
