package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A new configuration applies to a running node (issue 15): same node id, the stub handed out
 * before still works, and the new call timeout, allow-list and dispatch threads govern the next
 * calls; what only a new node can change is reported, not applied.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NodeReconfigurationTest {

    private KarmiNode server;
    private KarmiNode client;
    private Service stub;

    @BeforeEach
    void start() throws Exception {
        server = TestNodes.tcpNode();
        client = TestNodes.tcpNode();
        server.registry().bind("s", server.export(new ServiceImpl(server, "s")));
        stub = (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("s");
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void aShorterCallTimeoutGovernsTheNextCallOfAnExistingStub() throws Exception {
        long id = client.nodeId();
        stub.sleep(300);
        assertEquals(List.of(), client.reconfigure(NodeConfig.from(Map.of("call.timeout", "100"))));
        assertEquals(id, client.nodeId());
        assertEquals(100, client.config().callTimeoutMillis);
        RemoteException e = assertThrows(RemoteException.class, () -> stub.sleep(2_000));
        assertTrue(e.toString().contains("100"), "names the bound: " + e);
        client.reconfigure(NodeConfig.defaults());
        assertEquals("s", stub.name(), "the same stub works with the default timeout again");
    }

    /** A class no remote interface of the tests declares. */
    record Note(String text) implements java.io.Serializable {
    }

    @Test
    void theAllowListAppliesToExportsMadeBeforeTheChange() throws Exception {
        Object box = new Note("seven");
        assertThrows(RemoteException.class, () -> stub.echo(box), "Note is not declared: refused by the server");
        server.reconfigure(NodeConfig.from(Map.of("serial.allow", Note.class.getName())));
        client.reconfigure(NodeConfig.from(Map.of("serial.allow", Note.class.getName())));
        assertEquals(box, stub.echo(box), "allowed now, through the export and the stub made before");
        server.reconfigure(NodeConfig.defaults());
        assertThrows(RemoteException.class, () -> stub.echo(box), "and refused again");
    }

    /** Says which thread serves its calls. */
    public interface Where extends java.rmi.Remote {
        String thread() throws RemoteException;
    }

    @Test
    void dispatchThreadsChangeWithoutDroppingExports() throws Exception {
        Where impl = () -> Thread.currentThread().getName();
        server.registry().bind("where", server.export(impl));
        Where where = (Where) client.registry("127.0.0.1", TestNodes.port(server)).lookup("where");
        assertTrue(!where.thread().startsWith("karmi-dispatch-"), "no pool by default");
        server.reconfigure(NodeConfig.from(Map.of("dispatch.threads", "2")));
        assertTrue(where.thread().startsWith("karmi-dispatch-"), "served by the pool now");
        server.reconfigure(NodeConfig.from(Map.of("dispatch.threads", "0")));
        assertTrue(!where.thread().startsWith("karmi-dispatch-"), "served by the technology's thread again");
        assertEquals(5, stub.add(2, 3));
    }

    @Test
    void theInboundBudgetNeedsANewNodeAndSaysSo() {
        assertEquals(List.of("inbound.budget"), server.reconfigure(NodeConfig.from(Map.of("inbound.budget", "1000000"))));
        assertEquals(0, server.config().inboundBudgetBytes, "kept");
    }
}
