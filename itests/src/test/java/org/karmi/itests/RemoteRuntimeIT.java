package org.karmi.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNotSame;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.concurrent.TimeUnit;

import javax.inject.Inject;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.karmi.Karmi;
import org.karmi.RemoteRuntime;
import org.karmi.registry.Registry;
import org.karmi.spi.transport.Utid;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.BundleContext;
import org.osgi.util.tracker.ServiceTracker;

/**
 * The reference layer inside Felix: the RemoteRuntime service appears, is the static facade's
 * default, exports an object of another bundle (the probe), and calls reach it through the
 * local short-cut and over TCP through the node's own registry.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class RemoteRuntimeIT {

    /** A remote interface of the probe bundle. */
    public interface Echo extends Remote {
        String echo(String s) throws RemoteException;
    }

    @Inject
    BundleContext context;

    @Configuration
    public Option[] config() {
        return KarmiContainer.options();
    }

    private RemoteRuntime runtime() throws InterruptedException {
        ServiceTracker<RemoteRuntime, RemoteRuntime> t = new ServiceTracker<>(context, RemoteRuntime.class, null);
        t.open();
        RemoteRuntime r = t.waitForService(TimeUnit.SECONDS.toMillis(20));
        assertNotNull("no RemoteRuntime service within 20 s", r);
        return r;
    }

    @Test
    public void runtimeServiceIsTheFacadeDefaultAndCallsReachProbeObjects() throws Exception {
        RemoteRuntime runtime = runtime();
        assertEquals(runtime.nodeId(), Karmi.runtime().nodeId());
        Echo impl = s -> "echo:" + s;
        Echo stub = (Echo) runtime.export(impl);
        assertNotSame(impl, stub);
        assertEquals("echo:a", stub.echo("a"));
        runtime.registry().rebind("echo", stub);
        assertEquals("echo:b", ((Echo) runtime.registry().lookup("echo")).echo("b"));
        assertFalse("the TCP technology is running", runtime.localUtids().isEmpty());
    }

    @Test
    public void callsCrossTcpThroughTheNodesOwnRegistry() throws Exception {
        RemoteRuntime runtime = runtime();
        Echo stub = (Echo) runtime.export((Echo) s -> "tcp:" + s);
        runtime.registry().rebind("echo-tcp", stub);
        Utid tcp = null;
        for (Utid u : runtime.localUtids()) {
            if (u.technology().equals("tcp")) {
                tcp = u;
            }
        }
        assertNotNull("no tcp UTID in " + runtime.localUtids(), tcp);
        byte[] a = tcp.address();
        int port = (a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8;
        Registry viaTcp = runtime.registry("127.0.0.1", port);
        assertEquals("tcp:c", ((Echo) viaTcp.lookup("echo-tcp")).echo("c"));
    }
}
