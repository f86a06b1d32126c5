package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.rmi.ConnectException;
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

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.karmi.core.internal.TestNodes.Mode;
import org.karmi.registry.Registry;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;

/**
 * The reference layer's two-node semantics (calls, call-backs, exceptions, the registry, the
 * local short-cut, references passed on), one suite run over two technology sets: TCP only,
 * and TCP with ParaStation in a fresh domain under {@code /dev/shm} (issue 5, item 3). Every
 * test asserts from the technology statistics which technology carried its calls.
 */
class TwoNodesTest {

    @Nested
    class OverTcp extends Semantics {
        OverTcp() {
            super(Mode.TCP);
        }
    }

    @Nested
    class OverTcpAndParaStation extends Semantics {
        OverTcpAndParaStation() {
            super(Mode.PARASTATION);
        }
    }

    /** The suite; {@link #mode} is its one parameter. */
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    abstract static class Semantics {

        private final Mode mode;
        private Path domain;
        private KarmiNode server;
        private KarmiNode client;
        private ServiceImpl impl;
        private Service service;

        Semantics(Mode mode) {
            this.mode = mode;
        }

        @BeforeAll
        void domain() throws Exception {
            if (mode == Mode.PARASTATION) {
                domain = TestNodes.newDomain("core-suite");
            }
        }

        @AfterAll
        void deleteDomain() {
            TestNodes.deleteDomain(domain);
        }

        @BeforeEach
        void start() throws Exception {
            server = node(Map.of());
            client = node(Map.of("call.timeout", 5_000, "connect.timeout", 2_000));
            impl = new ServiceImpl(server, "server");
            server.registry().bind("service", server.export(impl));
            service = (Service) client.registry("localhost", TestNodes.port(server)).lookup("service");
        }

        @AfterEach
        void stop() {
            client.close();
            server.close();
        }

        private KarmiNode node(Map<String, ?> config) throws Exception {
            return TestNodes.node(mode, domain, config);
        }

        /** Runs {@code calls} and asserts that {@code node} sent them over {@code technology} and over nothing else. */
        private static void assertSentOver(String technology, KarmiNode node, Executable calls) throws Throwable {
            Map<String, Long> before = TestNodes.callsSent(node);
            calls.execute();
            Map<String, Long> d = TestNodes.delta(before, TestNodes.callsSent(node));
            assertTrue(d.getOrDefault(technology, 0L) > 0, "no call went over " + technology + ": " + d);
            d.forEach((t, n) -> {
                if (!t.equals(technology)) {
                    assertEquals(0L, n, "calls went over " + t + " instead of " + technology + ": " + d);
                }
            });
        }

        @Test
        void lookupGoesOverTcpAndTheCallsAfterItOverThePreferredSharedTechnology() throws Throwable {
            KarmiNode fresh = node(Map.of());
            try {
                Map<String, Long> before = TestNodes.callsSent(fresh);
                Service s = (Service) fresh.registry("localhost", TestNodes.port(server)).lookup("service");
                assertEquals(Map.of("tcp", 1L), withoutZeros(TestNodes.delta(before, TestNodes.callsSent(fresh))),
                        "a registry named by host:port is reached over tcp");
                assertSentOver(mode.carrier, fresh, s::ping);
                long opened = fresh.statistics().values().stream().mapToLong(t -> t.connectionsOpened()).sum();
                assertEquals(mode == Mode.TCP ? 1 : 2, opened, "one connection per technology used");
            } finally {
                fresh.close();
            }
        }

        @Test
        void aNodeWithOnlyTcpUsesTcpForTheSameReference() throws Throwable {
            KarmiNode tcpOnly = TestNodes.tcpNode();
            try {
                Service s = (Service) tcpOnly.registry("localhost", TestNodes.port(server)).lookup("service");
                assertEquals(client.refOf(service).utids(), tcpOnly.refOf(s).utids(), "the same reference");
                assertSentOver("tcp", tcpOnly, () -> assertEquals("server", s.name()));
                assertSentOver(mode.carrier, client, () -> assertEquals("server", service.name()));
            } finally {
                tcpOnly.close();
            }
        }

        @Test
        void thePreferenceIsConfigurable() throws Throwable {
            KarmiNode tcpFirst = node(Map.of("preference", "tcp,parastation"));
            try {
                Service s = (Service) tcpFirst.registry("localhost", TestNodes.port(server)).lookup("service");
                assertSentOver("tcp", tcpFirst, s::ping);
            } finally {
                tcpFirst.close();
            }
        }

        @Test
        void callsCrossTheWireWithEveryReturnType() throws Throwable {
            assertSentOver(mode.carrier, client, () -> {
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
            });
        }

        @Test
        void exceptionsKeepJavaRmiSemanticsOverTheWire() throws Throwable {
            assertSentOver(mode.carrier, client, () -> {
                assertEquals("app failure", assertThrows(AppException.class, () -> service.fail("app")).getMessage());
                assertThrows(IllegalStateException.class, () -> service.fail("runtime"));
                assertInstanceOf(AssertionError.class, assertThrows(ServerError.class, () -> service.fail("error")).getCause());
                assertThrows(java.rmi.ServerException.class, () -> service.fail("remote"));
            });
            assertThrows(MarshalException.class, () -> service.echo(new Object()));
        }

        @Test
        void callAfterServerUnexportGivesNoSuchObjectException() throws Throwable {
            Service other = service.create("temp");
            assertEquals("temp", other.name());
            assertTrue(other.drop());
            assertThrows(NoSuchObjectException.class, other::name);
            assertSentOver(mode.carrier, client, () -> assertEquals("server", service.name(), "the connection survives"));
        }

        @Test
        void unknownMethodGivesUnmarshalException() throws Throwable {
            RemoteRef ref = client.refOf(service);
            UnmarshalException e = assertThrows(UnmarshalException.class, () -> ref.newCall(0x1234_5678L).invokeVoid());
            assertTrue(e.getMessage().contains("no method"), e.getMessage());
            assertSentOver(mode.carrier, client, () -> assertEquals("server", service.name(), "the node answers other calls"));
        }

        @Test
        void referencesTravelAndCallBacksDoNotDeadlock() throws Throwable {
            Callback cb = n -> n + 100;
            Callback cbStub = (Callback) client.export(cb);
            Map<String, Long> received = TestNodes.callsReceived(client);
            assertSentOver(mode.carrier, client, () -> assertEquals(106, service.callBack(cbStub, 5),
                    "server calls back the client during the call"));
            assertEquals(1L, TestNodes.delta(received, TestNodes.callsReceived(client)).get(mode.carrier),
                    "the call-back came over " + mode.carrier);
            Service created = service.create("made-remotely");
            assertEquals("made-remotely", service.nameOf(created), "a reference returned and passed back");
            ServiceImpl local = new ServiceImpl(client, "client-side");
            assertEquals("client-side", service.nameOf((Service) client.export(local)));
        }

        @Test
        void ownObjectComingBackTakesTheLocalShortCut() throws Throwable {
            Service mine = (Service) client.export(new ServiceImpl(client, "mine"));
            Service back = (Service) service.echo(mine);
            assertTrue(client.refOf(back).isLocal(), "a reference to one of our objects is local");
            Map<String, Long> sent = TestNodes.callsSent(client);
            assertEquals("mine", back.name());
            assertEquals(5, back.add(2, 3));
            assertEquals(Map.of(), withoutZeros(TestNodes.delta(sent, TestNodes.callsSent(client))), "no technology carried it");
        }

        @Test
        void unknownUtidsAreCarriedAlong() throws Throwable {
            KarmiNode third = node(Map.of());
            try {
                Service thirdService = (Service) third.export(new ServiceImpl(third, "third"));
                third.registry().bind("t", thirdService);
                RemoteRef ref = client.refOf(client.registry("localhost", TestNodes.port(third)).lookup("t"));
                List<Utid> utids = new ArrayList<>(ref.utids());
                Utid warp = new Utid("warp", new byte[] {1, 2, 3});
                utids.add(1, warp);
                Service withUnknown = (Service) client.stubFor(ref.objectId(), ref.interfaceNames(), utids,
                        getClass().getClassLoader());
                // through the server and back: the server keeps the UTID it cannot use and passes it on
                Service back = (Service) service.echo(withUnknown);
                assertEquals(utids, client.refOf(back).utids(), "every UTID, in order");
                assertSentOver(mode.carrier, client, () -> assertEquals("third", back.name()));
                Map<String, Long> serverSent = TestNodes.callsSent(server);
                assertEquals("third", service.nameOf(withUnknown), "the server reaches the third node");
                assertEquals(1L, TestNodes.delta(serverSent, TestNodes.callsSent(server)).get(mode.carrier));
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
        void technologyLeavingEndsCallsInRemoteExceptionAndLaterCallsUseAnother() throws Throwable {
            service.ping();
            CompletableFuture<Void> call = CompletableFuture.runAsync(() -> {
                try {
                    service.sleep(20_000);
                } catch (RemoteException e) {
                    throw new IllegalStateException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (server.table().byObject(impl).inFlight.get() == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            Technology carrier = TestNodes.technology(client, mode.carrier);
            client.removeTechnology(carrier);
            ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(10, TimeUnit.SECONDS));
            assertInstanceOf(RemoteException.class, e.getCause().getCause());
            if (mode == Mode.TCP) {
                assertThrows(ConnectException.class, service::ping, "no technology left");
            } else {
                assertSentOver("tcp", client, service::ping);
            }
        }

        @Test
        void registryWritesFromThisHostAreAllowed() throws Exception {
            Registry remote = client.registry("127.0.0.1", TestNodes.port(server));
            remote.rebind("fromClient", client.export(new ServiceImpl(client, "c")));
            assertEquals("c", ((Service) remote.lookup("fromClient")).name());
            assertNotSame(null, remote.list());
        }

        private static Map<String, Long> withoutZeros(Map<String, Long> m) {
            Map<String, Long> out = new java.util.HashMap<>(m);
            out.values().removeIf(v -> v == 0);
            return out;
        }
    }
}
