package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.NoSuchObjectException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.core.internal.Counters.Counter;
import org.karmi.core.internal.Counters.Factory;
import org.karmi.core.internal.Counters.FactoryImpl;
import org.karmi.spi.dgc.CollectorStatistics;

/**
 * The reference layer drives the collector SPI (issue 13): a reference leaving over TCP is
 * governed by the collector mapped to TCP, arrivals and unreachable stubs reach the client's
 * collector, the collector's messages and requests travel between the nodes, and the
 * verdict unpins the object, calls {@code unreferenced()} and lets it leave the table once
 * the application dropped it, except while a registry binds it or a collector that saw
 * references to it is absent. Two nodes over real TCP in one JVM; a listing collector.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CollectorWiringTest {

    private static final Map<String, String> MAPPING = Map.of("dgc", "tcp=listing");

    private KarmiNode server;
    private KarmiNode client;
    private ListingCollector serverCollector;
    private ListingCollector clientCollector;
    private FactoryImpl factory;

    @BeforeEach
    void start() throws Exception {
        server = TestNodes.tcpNode(MAPPING);
        client = TestNodes.tcpNode(MAPPING);
        serverCollector = new ListingCollector("listing");
        clientCollector = new ListingCollector("listing");
        server.addCollector(serverCollector);
        client.addCollector(clientCollector);
        factory = new FactoryImpl(server);
        server.registry().bind("factory", server.export(factory));
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private Factory lookup() throws Exception {
        return (Factory) client.registry("127.0.0.1", TestNodes.port(server)).lookup("factory");
    }

    @Test
    void droppedReferenceIsUnreferencedAndLeavesTheTableOnceGarbage() throws Exception {
        Factory f = lookup();
        int before = server.exportedCount();
        Counter c = f.make();
        assertEquals(1, c.next());
        assertEquals(before + 1, server.exportedCount());
        assertEquals(2, serverCollector.events("sent ").size(), "the factory (lookup) and the counter went out: "
                + serverCollector.events);
        assertEquals(2, clientCollector.events("received ").size(), "the factory's and the counter's stubs arrived: "
                + clientCollector.events);
        c = null;
        GcAwait.until(() -> factory.unreferenced.get() == 1, "the counter's unreferenced() after the client dropped it");
        GcAwait.until(() -> server.exportedCount() == before, "the counter leaves the table once garbage");
        CollectorStatistics s = server.collectorStatistics().get("listing");
        assertTrue(s.messagesReceived() >= 1 && s.bytesReceived() >= 2, s.toString());
        assertEquals(1, s.unreferenced(), s.toString());
        assertTrue(client.collectorStatistics().get("listing").messagesSent() >= 1);
        assertEquals(1, f.make().next(), "the factory itself stays (bound in the registry)");
    }

    @Test
    void anObjectStaysWhileARegistryOfItsNodeBindsIt() throws Exception {
        FactoryImpl other = new FactoryImpl(server);
        server.registry().bind("other", server.export(other));
        Factory o = (Factory) client.registry("127.0.0.1", TestNodes.port(server)).lookup("other");
        assertEquals(1, o.make().next());
        o = null;
        GcAwait.until(() -> !serverCollector.events("message ").isEmpty() && serverCollector.events("message ").size() >= 2,
                "the client's drops reach the server");
        Exported e = server.table().byObject(other);
        assertTrue(e != null && e.isPinned(), "bound, so pinned");
        server.registry().unbind("other");
        assertFalse(e.isPinned(), "unbound and unreferenced: unpinned");
    }

    @Test
    void anAbsentCollectorThatSawReferencesKeepsTheObjectPinned() throws Exception {
        Counter c = lookup().make();
        c.next();
        server.removeCollector(serverCollector);
        ListingCollector stranger = new ListingCollector("other");
        server.addCollector(stranger);
        c = null;
        GcAwait.until(() -> !clientCollector.events("unreachable ").isEmpty(), "the client drops the counter");
        // the verdict of a collector that never saw the counter does not count
        for (Exported e : server.table().all()) {
            stranger.verdict(e.id);
            assertTrue(e.isPinned(), "no verdict while 'listing' is away: " + e);
        }
        assertEquals(0, factory.unreferenced.get());
        assertTrue(stranger.events("adopted ").isEmpty() == false || stranger.events("exported ").size() > 0,
                "a collector that starts is told of every exported object: " + stranger.events);
    }

    @Test
    void collectorsExchangeRequestsAndAnswers() throws Exception {
        lookup();
        List<org.karmi.spi.transport.Utid> owner = server.localUtids();
        assertEquals("!hello", clientCollector.ask(owner, "hello"));
        assertTrue(serverCollector.events.contains("request ?hello"));
        server.removeCollector(serverCollector);
        assertThrows(NoSuchObjectException.class, () -> clientCollector.ask(owner, "again"),
                "no collector of that name on the server");
    }

    @Test
    void aCollectorThatStartsIsToldOfLiveStubsAndAdoptsObjectsReferencedBefore() throws Exception {
        Counter c = lookup().make();
        client.removeCollector(clientCollector);
        ListingCollector fresh = new ListingCollector("listing");
        client.addCollector(fresh);
        assertEquals(2, fresh.events("received ").size(), "the factory's and the counter's stubs: " + fresh.events);
        server.removeCollector(serverCollector);
        ListingCollector back = new ListingCollector("listing");
        server.addCollector(back);
        assertEquals(2, back.events("adopted ").size(), "factory and counter went out under 'listing': " + back.events);
        assertEquals(1, c.next());
    }

    @Test
    void aCollectorThatReturnsGetsTheStateItsPredecessorHandedOverAndTheMessagesKeptMeanwhile() throws Exception {
        Counter c = lookup().make();
        c.next();
        serverCollector.stateToHandOver = "counts".getBytes();
        server.removeCollector(serverCollector);
        c = null;
        GcAwait.until(() -> !clientCollector.events("unreachable ").isEmpty(), "the client drops the counter");
        GcAwait.until(() -> clientCollector.statistics(client).messagesSent() >= 1, "the client's drop message went out");
        ListingCollector successor = new ListingCollector("listing");
        server.addCollector(successor);
        assertEquals("start with counts", successor.events.get(0), successor.events.toString());
        int replayed = successor.events.indexOf("replayed");
        assertTrue(replayed > 0, successor.events.toString());
        List<String> messages = successor.events("message -");
        assertTrue(!messages.isEmpty(), "the drops (counter, factory stub) that arrived while 'listing' was away: "
                + successor.events);
        assertTrue(successor.events.indexOf(messages.get(0)) > replayed, "delivered after the replay");
        assertEquals(null, successor.handOver(), "nothing to hand over unless the collector says so");
    }

    @Test
    void withoutACollectorAnObjectStaysUntilUnexported() throws Exception {
        client.removeCollector(clientCollector);
        server.removeCollector(serverCollector);
        int before = server.exportedCount();
        Counter c = lookup().make();
        c.next();
        c = null;
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        assertEquals(before + 1, server.exportedCount(), "no collector: the counter stays");
    }

}
