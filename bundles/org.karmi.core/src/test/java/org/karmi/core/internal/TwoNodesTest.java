package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.rmi.AccessException;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.registry.Registry;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;

/** Two nodes in one JVM talking over the real TCP technology. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TwoNodesTest {

    private KarmiNode server;
    private KarmiNode client;
    private ServiceImpl impl;
    private Service service;

    @BeforeEach
    void start() throws Exception {
        server = TestNodes.tcpNode();
        client = TestNodes.tcpNode(Map.of("call.timeout", 5_000, "connect.timeout", 2_000));
        impl = new ServiceImpl(server, "server");
        server.registry().bind("service", server.export(impl));
        service = (Service) client.registry("localhost", TestNodes.port(server)).lookup("service");
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void lookupAndFirstCallCostOneConnectionAndTwoCalls() throws Exception {
        KarmiNode fresh = TestNodes.tcpNode();
        try {
            TechnologyStatistics stats = TestNodes.tcp(fresh).statistics();
            Service s = (Service) fresh.registry("localhost", TestNodes.port(server)).lookup("service");
            s.ping();
            assertEquals(1, stats.connectionsOpened(), "one connection setup");
            assertEquals(2, stats.callsSent(), "lookup + first call = two round trips");
        } finally {
            fresh.close();
        }
    }

    @Test
    void callsCrossTheWireWithEveryReturnType() throws Exception {
        service.ping();
        assertEquals(5, service.add(2, 3));
        assertEquals(84L, service.twice(42));
        assertEquals(0.5, service.half(1));
        assertEquals(3f, service.scale(1f));
        assertEquals('A', service.upper('a'));
        assertEquals((byte) 1, service.neg((byte) -1));
        assertEquals((short) 1, service.inc((short) 0));
        assertEquals(true, service.not(false));
        Box b = service.mutate(new Box(1));
        assertEquals(2, b.value);
    }

    @Test
    void exceptionsKeepJavaRmiSemanticsOverTheWire() {
        assertEquals("app failure", assertThrows(AppException.class, () -> service.fail("app")).getMessage());
        assertThrows(IllegalStateException.class, () -> service.fail("runtime"));
        assertInstanceOf(AssertionError.class, assertThrows(ServerError.class, () -> service.fail("error")).getCause());
        assertThrows(java.rmi.ServerException.class, () -> service.fail("remote"));
        assertThrows(MarshalException.class, () -> service.echo(new Object()));
    }

    @Test
    void callAfterServerUnexportGivesNoSuchObjectException() throws Exception {
        Service other = service.create("temp");
        assertEquals("temp", other.name());
        assertTrue(other.drop());
        assertThrows(NoSuchObjectException.class, other::name);
        assertEquals("server", service.name(), "the connection survives");
    }

    @Test
    void unknownMethodGivesUnmarshalException() throws Exception {
        RemoteRef ref = client.refOf(service);
        UnmarshalException e = assertThrows(UnmarshalException.class, () -> ref.newCall(0x1234_5678L).invokeVoid());
        assertTrue(e.getMessage().contains("no method"), e.getMessage());
        assertEquals("server", service.name(), "the node answers other calls");
    }

    @Test
    void referencesTravelAndCallBacksDoNotDeadlock() throws Exception {
        Callback cb = n -> n + 100;
        Callback cbStub = (Callback) client.export(cb);
        assertEquals(106, service.callBack(cbStub, 5), "server calls back the client during the call");
        Service created = service.create("made-remotely");
        assertEquals("made-remotely", service.nameOf(created), "a reference returned and passed back");
        ServiceImpl local = new ServiceImpl(client, "client-side");
        assertEquals("client-side", service.nameOf((Service) client.export(local)));
    }

    @Test
    void unknownUtidsAreCarriedAlong() throws Exception {
        KarmiNode third = TestNodes.tcpNode();
        try {
            Service thirdService = (Service) third.export(new ServiceImpl(third, "third"));
            third.registry().bind("t", thirdService);
            RemoteRef ref = client.refOf(client.registry("localhost", TestNodes.port(third)).lookup("t"));
            List<Utid> utids = new ArrayList<>(ref.utids());
            Utid warp = new Utid("warp", new byte[] {1, 2, 3});
            utids.add(warp);
            Service withUnknown = (Service) client.stubFor(ref.objectId(), ref.interfaceNames(), utids,
                    getClass().getClassLoader());
            // through the server and back: the server keeps the UTID it cannot use and passes it on
            Service back = (Service) service.echo(withUnknown);
            assertTrue(client.refOf(back).utids().contains(warp), client.refOf(back).toString());
            assertEquals("third", back.name());
            assertEquals("third", service.nameOf(withUnknown), "the server reaches the third node through tcp");
        } finally {
            third.close();
        }
    }

    @Test
    void referenceWithNoCommonTechnologyGivesConnectException() throws Exception {
        Service unreachable = (Service) client.stubFor(new ObjectId(42, 1), new String[] {Service.class.getName()},
                List.of(new Utid("warp", new byte[] {9})), getClass().getClassLoader());
        assertThrows(ConnectException.class, unreachable::ping);
    }

    @Test
    void nobodyListeningGivesConnectException() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Registry r = client.registry("127.0.0.1", port);
        assertThrows(ConnectException.class, () -> r.lookup("x"));
    }

    @Test
    void peerThatIsNotKarmiGivesConnectIOException() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            Thread t = new Thread(() -> {
                try (var sock = s.accept()) {
                    sock.getOutputStream().write("HTTP/1.0 400 Bad Request\r\n\r\n".repeat(4).getBytes());
                    sock.getOutputStream().flush();
                    sock.getInputStream().read(new byte[1024]);
                } catch (Exception e) {
                    // the client gave up
                }
            });
            t.setDaemon(true);
            t.start();
            Registry r = client.registry("127.0.0.1", s.getLocalPort());
            assertThrows(ConnectIOException.class, () -> r.lookup("x"));
        }
    }

    @Test
    void technologyLeavingEndsCallsInRemoteException() throws Exception {
        CompletableFuture<Void> call = CompletableFuture.runAsync(() -> {
            try {
                service.sleep(20_000);
            } catch (RemoteException e) {
                throw new IllegalStateException(e);
            }
        });
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (impl.lastBox == null && server.table().byObject(impl).inFlight.get() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        Technology tcp = TestNodes.tcp(client);
        client.removeTechnology(tcp);
        ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemoteException.class, e.getCause().getCause());
        assertThrows(ConnectException.class, service::ping, "no technology left");
    }

    @Test
    void registryWritesFromThisHostAreAllowed() throws Exception {
        Registry remote = client.registry("127.0.0.1", TestNodes.port(server));
        remote.rebind("fromClient", client.export(new ServiceImpl(client, "c")));
        assertEquals("c", ((Service) remote.lookup("fromClient")).name());
        assertNotSame(null, remote.list());
    }

    @Test
    void registryWritesFromAnotherHostAreRefused() throws Exception {
        // the server sees the caller's UTIDs: a caller advertising only a non-local address is remote
        KarmiNode stranger = new KarmiNode(NodeConfig.defaults(), new org.karmi.serial.jdk.JdkSerializer());
        try {
            stranger.addTechnology(new FakeAddressTcp());
            Registry remote = stranger.registry("127.0.0.1", TestNodes.port(server));
            assertThrows(AccessException.class, () -> remote.unbind("service"));
            assertEquals(Service.class.getName(), remote.lookup("service").getClass().getInterfaces()[0].getName());
        } finally {
            stranger.close();
        }
    }
}
