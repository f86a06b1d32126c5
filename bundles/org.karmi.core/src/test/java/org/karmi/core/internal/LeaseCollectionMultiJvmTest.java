package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.core.internal.Counters.Counter;
import org.karmi.dgc.lease.internal.LeaseCollector;

/**
 * The lease collector across JVMs (issue 13): a server hands out many remote objects; once the
 * client drops them (or is killed while holding them) every one is unreferenced and leaves
 * the server's table, within the lease plus 10 s, and the server's heap returns to its
 * baseline; while the client lives, its renewals keep them. Server and clients are separate
 * JVMs over real TCP, started with {@code java.rmi.dgc.leaseValue} as java.rmi users set it.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class LeaseCollectionMultiJvmTest {

    private static final long LEASE_MS = 10_000;
    private static final long SHORT_LEASE_MS = 3_000;

    private final List<AutoCloseable> closing = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : closing) {
            c.close();
        }
    }

    private ChildProcess server(long leaseMs) throws Exception {
        // the serial collector leaves no partly used regions behind: "heap used after a GC" is then the live data
        ChildProcess p = ChildProcess.start(DgcNodeMain.class, List.of("-Djava.rmi.dgc.leaseValue=" + leaseMs,
                "-Xmx512m", "-XX:+UseSerialGC"), "server");
        closing.add(p);
        return p;
    }

    private DgcServer lookup(KarmiNode client, ChildProcess server) throws Exception {
        int port = Integer.parseInt(server.await(l -> l.startsWith("READY "), 60).substring(6));
        return (DgcServer) client.registry("127.0.0.1", port).lookup("dgc");
    }

    private KarmiNode clientNode() throws Exception {
        KarmiNode node = TestNodes.tcpNode();
        node.addCollector(new LeaseCollector());
        closing.add(node::close);
        return node;
    }

    @Test
    void hundredThousandDroppedObjectsAreAllUnreferencedAndTheServerHeapReturnsToItsBaseline() throws Exception {
        ChildProcess serverJvm = server(LEASE_MS);
        KarmiNode client = clientNode();
        DgcServer server = lookup(client, serverJvm);
        // warm the connection, the stub classes and both collectors once, as the baseline's own traffic
        List<Counter> warm = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            warm.add(server.make());
        }
        warm.clear();
        GcAwait.until(() -> server.unreferenced() == 1_000, LEASE_MS + 10_000, "warm-up objects unreferenced");
        long baseline = server.usedHeapAfterGc(); // first: the collections let the warm-up objects leave the table
        int exportedBefore = server.exported();

        List<Counter> held = new ArrayList<>(100_000);
        for (int i = 0; i < 100_000; i++) {
            held.add(server.make());
        }
        assertEquals(exportedBefore + 100_000, server.exported());
        long loaded = server.usedHeapAfterGc();
        assertEquals(1_000, server.unreferenced(), "nothing is collected while the client holds the stubs");
        held.clear();
        long droppedAt = System.nanoTime();
        GcAwait.until(() -> server.unreferenced() == 101_000, LEASE_MS + 10_000, "all 100,000 unreferenced");
        // the server's collections (usedHeapAfterGc runs them) let the unpinned objects go
        GcAwait.until(() -> server.usedHeapAfterGc() > 0 && server.exported() == exportedBefore, 10_000,
                "all of them left the table");
        long after = server.usedHeapAfterGc();
        long ms = (System.nanoTime() - droppedAt) / 1_000_000;
        System.out.printf("DGC 100k: server heap baseline %d KB, holding %d KB, after %d KB; all unreferenced and"
                + " gone %d ms after the drop%n", baseline / 1024, loaded / 1024, after / 1024, ms);
        assertTrue(after <= baseline * 1.10, "heap back within 10% of its baseline: " + baseline + " -> " + after);
    }

    @Test
    void aClientKilledWhileHoldingReferencesReleasesThemWhenItsLeaseExpires() throws Exception {
        ChildProcess serverJvm = server(SHORT_LEASE_MS);
        KarmiNode observer = clientNode();
        DgcServer server = lookup(observer, serverJvm);
        int port = Integer.parseInt(serverJvm.output().lines().filter(l -> l.startsWith("READY ")).findFirst()
                .orElseThrow().substring(6));
        ChildProcess holder = ChildProcess.start(DgcNodeMain.class, List.of(), "client", String.valueOf(port), "100");
        closing.add(holder);
        holder.await(l -> l.startsWith("HOLDING"), 60);
        Thread.sleep(3 * SHORT_LEASE_MS); // three leases: only the holder's renewals can keep the objects
        assertEquals(0, server.unreferenced(), "a live client's renewals keep its references");
        holder.process.destroyForcibly(); // kill -9: no clean is ever sent
        long killedAt = System.nanoTime();
        GcAwait.until(() -> server.unreferenced() == 100, SHORT_LEASE_MS + 10_000, "unreferenced after the lease; server:\n"
                + serverJvm.output());
        long ms = (System.nanoTime() - killedAt) / 1_000_000;
        assertTrue(ms >= SHORT_LEASE_MS / 2, "not before the lease could have expired: " + ms + " ms");
    }
}
