package org.karmi.shell.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.karmi.shell.internal.NodeHealth.Finding;
import org.karmi.shell.internal.NodeHealth.Provider;
import org.karmi.shell.internal.NodeHealth.Status;

/** Red, yellow and green from a runtime stand-in running tcp only (see {@link NodeCommandsTest#runtime()}). */
class NodeHealthTest {

    @Test
    void runningAndListeningTechnologyIsGreen() {
        List<Finding> f = NodeHealth.check(NodeCommandsTest.runtime(),
                List.of(new Provider("org.karmi.tech.tcp", "ACTIVE", List.of(NodeCommandsTest.technology("tcp")))));
        assertEquals(Status.OK, NodeHealth.worst(f), f.toString());
        assertTrue(NodeHealth.table(f).contains("tcp running, listening on tcp 127.0.0.1:2099"), NodeHealth.table(f));
    }

    @Test
    void stoppedTechnologyBundleIsRed() {
        List<Finding> f = NodeHealth.check(NodeCommandsTest.runtime(),
                List.of(new Provider("org.karmi.tech.tcp", "RESOLVED", List.of())));
        assertEquals(Status.CRITICAL, NodeHealth.worst(f));
        assertTrue(NodeHealth.table(f).contains("org.karmi.tech.tcp (RESOLVED) registers no technology"), NodeHealth.table(f));
    }

    @Test
    void registeredButNotRunningTechnologyIsRed() {
        List<Finding> f = NodeHealth.check(NodeCommandsTest.runtime(),
                List.of(new Provider("org.karmi.tech.parastation", "ACTIVE", List.of(NodeCommandsTest.technology("parastation")))));
        assertEquals(Status.CRITICAL, NodeHealth.worst(f));
    }

    @Test
    void aNodeWithoutCollectorIsYellow() {
        List<Finding> f = NodeHealth.check(NodeCommandsTest.runtime(java.util.Map.of()),
                List.of(new Provider("org.karmi.tech.tcp", "ACTIVE", List.of(NodeCommandsTest.technology("tcp")))));
        assertEquals(Status.WARN, NodeHealth.worst(f), f.toString());
        assertTrue(NodeHealth.table(f).contains("no distributed collector"), NodeHealth.table(f));
    }

    @Test
    void noRuntimeIsRed() {
        assertEquals(Status.CRITICAL, NodeHealth.worst(NodeHealth.check(null, List.of())));
    }

    @Test
    void aSaturatedDispatchPoolIsYellow() {
        List<Provider> tcp = List.of(new Provider("org.karmi.tech.tcp", "ACTIVE", List.of(NodeCommandsTest.technology("tcp"))));
        // the stand-in's exports have 3 calls in flight
        List<Finding> busy = NodeHealth.check(NodeCommandsTest.runtime(), tcp, 3);
        assertEquals(Status.WARN, NodeHealth.worst(busy), busy.toString());
        assertTrue(NodeHealth.table(busy).contains("pool saturated: 3 calls running on 3 dispatch threads"), NodeHealth.table(busy));
        List<Finding> roomy = NodeHealth.check(NodeCommandsTest.runtime(), tcp, 8);
        assertEquals(Status.OK, NodeHealth.worst(roomy), roomy.toString());
        assertTrue(NodeHealth.table(roomy).contains("3 of 8 dispatch threads busy"), NodeHealth.table(roomy));
        assertTrue(NodeHealth.table(NodeHealth.check(NodeCommandsTest.runtime(), tcp, 0))
                .contains("3 calls running, each on its connection's thread"));
    }

    @Test
    void aConnectionToADeadPeerIsYellow() {
        org.karmi.spi.transport.Technology tcp = NodeCommandsTest.technology("tcp");
        org.karmi.spi.transport.Technology dying = (org.karmi.spi.transport.Technology) java.lang.reflect.Proxy.newProxyInstance(
                org.karmi.spi.transport.Technology.class.getClassLoader(), new Class<?>[] {org.karmi.spi.transport.Technology.class},
                (p, m, a) -> m.getName().equals("connections")
                        ? List.of(new org.karmi.spi.transport.ConnectionInfo("tcp", true, 7, "node 3", "uka/2",
                                org.karmi.spi.transport.ConnectionInfo.PEER_DEAD, 0))
                        : m.invoke(tcp, a));
        List<Finding> f = NodeHealth.check(NodeCommandsTest.runtime(), List.of(new Provider("org.karmi.tech.tcp", "ACTIVE", List.of(dying))));
        assertEquals(Status.WARN, NodeHealth.worst(f), f.toString());
        assertTrue(NodeHealth.table(f).contains("1 connections to peers whose process ended"), NodeHealth.table(f));
    }
}
