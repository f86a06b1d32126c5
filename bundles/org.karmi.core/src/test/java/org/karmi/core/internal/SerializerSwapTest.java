package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ConnectIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.UkaSerializer;
import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.serial.Serializer;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * Serializers added and withdrawn while a node runs (issue 15): each connection marshals with
 * the serializer its handshake agreed, the first of the client's that the server has; a
 * withdrawn one is no longer offered, the connections that use it move to a new connection
 * without losing a call, and the node keeps its id and its exports throughout.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SerializerSwapTest {

    /** A serializer that counts the connection ends (stream pairs) it made. */
    static final class Counting implements Serializer {
        final Serializer delegate;
        final AtomicInteger streams = new AtomicInteger();

        Counting(Serializer delegate) {
            this.delegate = delegate;
        }

        @Override public String name() { return delegate.name(); }
        @Override public int version() { return delegate.version(); }
        @Override public SerialOutput newOutput(RemoteObjectCodec remotes) {
            streams.incrementAndGet();
            return delegate.newOutput(remotes);
        }
        @Override public SerialInput newInput(RemoteObjectCodec remotes) { return delegate.newInput(remotes); }
    }

    private final Counting serverUka = new Counting(new UkaSerializer());
    private final Counting serverJdk = new Counting(new JdkSerializer());
    private final Counting clientUka = new Counting(new UkaSerializer());
    private final Counting clientJdk = new Counting(new JdkSerializer());
    private KarmiNode server;
    private KarmiNode client;
    private Service stub;

    @BeforeEach
    void start() throws Exception {
        server = node(serverUka, serverJdk);
        client = node(clientUka, clientJdk);
        server.registry().bind("s", server.export(new ServiceImpl(server, "s")));
        stub = (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("s");
    }

    private static KarmiNode node(Counting uka, Counting jdk) throws Exception {
        KarmiNode n = new KarmiNode(NodeConfig.from(Map.of()));
        n.addSerializer(uka, 10);
        n.addSerializer(jdk, 0);
        n.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        return n;
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void bothNodesOfferEverySerializerPreferredFirst() throws Exception {
        assertEquals(List.of("uka/" + serverUka.version(), "jdk/" + serverJdk.version()), server.serializers());
        assertEquals("s", stub.name());
        assertTrue(serverUka.streams.get() > 0 && serverJdk.streams.get() == 0, "calls marshal with uka");
    }

    @Test
    void aServerThatWithdrawsItsSerializerMovesItsClientsToOneTheyShareKeepingIdAndExports() throws Exception {
        long id = server.nodeId();
        assertEquals("s", stub.name());
        server.removeSerializer(serverUka);
        assertEquals(List.of("jdk/" + serverJdk.version()), server.serializers());
        // the connection that used uka answers this call, then the server retires it (drain CLOSE)
        for (int i = 0; i < 50 && serverJdk.streams.get() == 0; i++) {
            assertEquals("s", stub.name(), "no call is lost while the connection moves");
            Thread.sleep(20);
        }
        assertTrue(serverJdk.streams.get() > 0, "a new connection marshals with jdk");
        assertEquals(id, server.nodeId());
        int ukaBefore = serverUka.streams.get();
        for (int i = 0; i < 20; i++) {
            assertEquals("s", stub.name());
        }
        assertEquals(ukaBefore, serverUka.streams.get(), "no connection uses the withdrawn serializer");
    }

    @Test
    void clientsCallingBackToBackMoveToo() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicLong failures = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicLong calls = new java.util.concurrent.atomic.AtomicLong();
        java.util.concurrent.atomic.AtomicReference<Exception> firstFailure = new java.util.concurrent.atomic.AtomicReference<>();
        List<Thread> threads = new java.util.ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread th = new Thread(() -> {
                while (!stop.get()) {
                    try {
                        stub.name();
                        calls.incrementAndGet();
                    } catch (Exception e) {
                        failures.incrementAndGet();
                        firstFailure.compareAndSet(null, e);
                    }
                }
            });
            th.start();
            threads.add(th);
        }
        try {
            Thread.sleep(200);
            long opened = TestNodes.tcp(server).statistics().connectionsOpened();
            server.removeSerializer(serverUka);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (serverJdk.streams.get() < 4 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            int ukaAfter = serverUka.streams.get();
            assertTrue(TestNodes.tcp(server).statistics().connectionsOpened() >= opened + 4, "the busy connections were replaced");
            Thread.sleep(200);
            assertEquals(ukaAfter, serverUka.streams.get(), "no new connection uses the withdrawn serializer");
        } finally {
            stop.set(true);
            for (Thread th : threads) {
                th.join(10_000);
            }
        }
        assertTrue(serverJdk.streams.get() >= 4, "every busy connection moved to jdk: " + serverJdk.streams.get());
        assertTrue(calls.get() > 100, "the clients called");
        assertEquals(0, failures.get(), () -> "no call failed; the first failure: " + firstFailure.get());
    }

    @Test
    void aClientThatWithdrawsTheSerializerOfItsPooledConnectionRetiresItBeforeTheNextCall() throws Exception {
        assertEquals("s", stub.name());
        long opened = TestNodes.tcp(client).statistics().connectionsOpened();
        client.removeSerializer(clientUka);
        assertEquals("s", stub.name());
        assertEquals(opened + 1, TestNodes.tcp(client).statistics().connectionsOpened(), "one new connection");
        assertTrue(clientJdk.streams.get() > 0, "which marshals with jdk");
    }

    @Test
    void nodesWithNoSerializerInCommonAreRefusedClearlyAndConnectOnceTheyHaveOne() throws Exception {
        client.removeSerializer(clientJdk);
        server.removeSerializer(serverUka);
        client.close();
        client = node(clientUka, clientJdk);
        client.removeSerializer(clientJdk);
        ConnectIOException e = assertThrows(ConnectIOException.class,
                () -> client.registry("127.0.0.1", TestNodes.port(server)).lookup("s"));
        assertTrue(e.getMessage().contains("no serializer in common") && e.getMessage().contains("[uka/"),
                e.getMessage());
        server.addSerializer(serverUka, 10);
        Service again = (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("s");
        assertEquals("s", again.name());
    }
}
