package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.rmi.Remote;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.registry.Registry;
import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * The JVM stays alive while objects are exported through the facade, as with {@code java.rmi}
 * (issue 12, item 6): a server's {@code main} may return; the JVM exits after the last
 * unexport (registries included); a pure client's JVM exits when its {@code main} returns.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KeepAliveTest {

    private static final List<String> CHILD = List.of("-Dkarmi.serializer=jdk", "-Dkarmi.technologies=tcp");

    private KarmiNode node;

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void serverJvmServesAfterMainReturnsAndExitsAfterTheLastUnexport() throws Exception {
        int port = freePort();
        List<String> props = new java.util.ArrayList<>(CHILD);
        props.add("-Dkarmi.tcp.port=" + port);
        try (ChildProcess server = ChildProcess.start(FacadeServerMain.class, props, String.valueOf(port))) {
            server.await("MAIN RETURNS"::equals, 30);
            assertFalse(server.exits(2), "main returned, the JVM stays up:\n" + server.output());
            node = TestNodes.tcpNode();
            Probe probe = (Probe) node.registry("127.0.0.1", port).lookup("probe");
            assertEquals("127.0.0.1", probe.clientHost(), "and serves calls");
            server.closeInput();
            server.await("UNEXPORTING"::equals, 30); // the JVM may end before it prints UNEXPORTED
            assertTrue(server.exits(30), "after the last unexport the JVM exits:\n" + server.output());
            assertEquals(0, server.process.exitValue(), server.output());
        }
    }

    @Test
    void pureClientJvmExitsWhenMainReturns() throws Exception {
        node = TestNodes.tcpNode();
        node.registry().rebind("probe", node.export(new RemoteStackTraceTest.ProbeImplOnNode()));
        List<String> props = new java.util.ArrayList<>(CHILD);
        props.add("-Dkarmi.tcp.port=0");
        try (ChildProcess client = ChildProcess.start(FacadeClientMain.class, props,
                "rmi://127.0.0.1:" + TestNodes.port(node) + "/probe")) {
            client.await(l -> l.startsWith("ANSWER "), 30);
            assertTrue(client.exits(30), "the client JVM exits when main returns:\n" + client.output());
            assertEquals(0, client.process.exitValue(), client.output());
        }
    }

    @Test
    void keepAliveThreadRunsFromTheFirstExportToTheLastUnexport() throws Exception {
        node = new KarmiNode(NodeConfig.defaults().withKeepAlive(true), new JdkSerializer());
        node.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        String name = "karmi-keep-alive-" + Long.toHexString(node.nodeId());
        assertTrue(thread(name).isEmpty(), "the node's own registry does not keep the JVM alive");
        Registry registry = node.createRegistry(0, null, null);
        assertTrue(thread(name).isEmpty(), "a created registry alone keeps no JVM alive either (java.rmi exports it permanent)");
        Remote impl = new RemoteStackTraceTest.ProbeImplOnNode();
        node.export(impl);
        Thread t = thread(name).orElseThrow(() -> new AssertionError("no keep-alive thread after the first export"));
        assertFalse(t.isDaemon(), "a non-daemon thread");
        assertEquals(1, node.keepAliveCount());
        assertTrue(node.unexport(registry, true));
        assertTrue(t.isAlive(), "one object is still exported");
        assertTrue(node.unexport(impl, true));
        t.join(10_000);
        assertFalse(t.isAlive(), "ended after the last unexport");
        node.export(impl);
        Thread again = thread(name).orElseThrow(() -> new AssertionError("no keep-alive thread after a new export"));
        node.close();
        again.join(10_000);
        assertFalse(again.isAlive(), "ended when the node closed");
    }

    @Test
    void nodesOutsideTheFacadeKeepNoThread() throws Exception {
        node = TestNodes.tcpNode(Map.of());
        node.export(new RemoteStackTraceTest.ProbeImplOnNode());
        assertTrue(thread("karmi-keep-alive-" + Long.toHexString(node.nodeId())).isEmpty());
        assertEquals(0, node.keepAliveCount());
    }

    private static Optional<Thread> thread(String name) {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals(name) && t.isAlive()).findFirst();
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
