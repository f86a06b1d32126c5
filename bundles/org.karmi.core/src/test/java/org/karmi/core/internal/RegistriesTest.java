package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.server.ExportException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.registry.LocateRegistry;
import org.karmi.registry.Registry;
import org.karmi.server.RemoteObject;
import org.karmi.server.UnicastRemoteObject;

/**
 * Registries made by {@link LocateRegistry#createRegistry} (issue 12, item 7): one per port
 * ({@link ExportException} for a port that has one), each with its own bindings, unexported by
 * {@code UnicastRemoteObject.unexportObject(registry, true)}, which frees its port; a registry
 * named by host and port reaches the registry of that port, and on the node's own port the
 * first one created that is still exported, else the node's own.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RegistriesTest {

    private KarmiNode node;
    private KarmiNode other;
    private Service service;

    @BeforeEach
    void start() throws Exception {
        node = FacadeNodes.install(Map.of());
        service = (Service) node.export(new ServiceImpl(node, "bound"));
    }

    @AfterEach
    void stop() {
        FacadeNodes.remove(node);
        if (other != null) {
            other.close();
        }
    }

    @Test
    void createdRegistryAnswersAndIsUnexportedByTheFacade() throws Exception {
        Registry r = LocateRegistry.createRegistry(freePort());
        Registry stub = (Registry) RemoteObject.toStub(r);
        r.rebind("a", service);
        other = TestNodes.tcpNode();
        Registry byAddress = other.registry("127.0.0.1", TestNodes.port(node));
        assertEquals("bound", ((Service) byAddress.lookup("a")).name(), "reached by host and port");
        assertArrayEquals(new String[] {"a"}, stub.list(), "and through its stub");

        assertTrue(UnicastRemoteObject.unexportObject(r, true));
        assertThrows(NoSuchObjectException.class, stub::list, "its stub no longer answers");
        assertThrows(NotBoundException.class, () -> byAddress.lookup("a"), "host and port reach the node's own registry again");
        assertThrows(NoSuchObjectException.class, () -> UnicastRemoteObject.unexportObject(r, true));
    }

    @Test
    void aPortWithARegistryIsRefusedUntilItIsUnexported() throws Exception {
        int port = freePort();
        Registry first = LocateRegistry.createRegistry(port);
        Registry firstStub = (Registry) RemoteObject.toStub(first);
        assertThrows(ExportException.class, () -> LocateRegistry.createRegistry(port));
        assertTrue(UnicastRemoteObject.unexportObject(first, true));
        Registry second = LocateRegistry.createRegistry(port);
        assertNotEquals(firstStub, RemoteObject.toStub(second));
        assertArrayEquals(new String[0], second.list(), "a new, empty registry");
    }

    @Test
    void registriesOnDifferentPortsKeepTheirOwnBindings() throws Exception {
        Registry r1 = LocateRegistry.createRegistry(freePort());
        Registry r2 = LocateRegistry.createRegistry(freePort(), new LoopbackSockets(), new LoopbackSockets());
        r1.bind("one", service);
        r2.bind("two", service);
        assertArrayEquals(new String[] {"one"}, r1.list());
        assertArrayEquals(new String[] {"two"}, r2.list());
        other = TestNodes.tcpNode();
        other.registry("127.0.0.1", 1, new LoopbackSockets()); // r2's client socket factory: a class other's application gave
        Registry byAddress = other.registry("127.0.0.1", TestNodes.port(node));
        assertArrayEquals(new String[] {"one"}, byAddress.list(), "the first registry created answers the node's port");
        Service remote = (Service) byAddress.lookup("one");
        Registry r2Stub = (Registry) remote.echo(RemoteObject.toStub(r2));
        assertArrayEquals(new String[] {"two"}, r2Stub.list(), "the second, through a reference passed over TCP");
        assertTrue(UnicastRemoteObject.unexportObject(r1, true));
        assertArrayEquals(new String[] {"two"}, byAddress.list(), "r1 gone: the next registry created answers");
        assertTrue(UnicastRemoteObject.unexportObject(r2, true));
        assertArrayEquals(new String[0], byAddress.list(), "both gone: the node's own registry answers");
    }

    @Test
    void registriesOnDifferentPortsAreReachedAtTheirPorts() throws Exception {
        int p1 = freePort();
        int p2 = freePort();
        LocateRegistry.createRegistry(p1).bind("one", service);
        LocateRegistry.createRegistry(p2).bind("two", service);
        other = TestNodes.tcpNode();
        assertArrayEquals(new String[] {"one"}, other.registry("127.0.0.1", p1).list());
        assertArrayEquals(new String[] {"two"}, other.registry("127.0.0.1", p2).list());
    }

    @Test
    void unexportingARegistryFreesItsPortAndItsConnectionsFindNoRegistry() throws Exception {
        int port = freePort();
        Registry r = LocateRegistry.createRegistry(port);
        r.bind("a", service);
        other = TestNodes.tcpNode();
        Registry byAddress = other.registry("127.0.0.1", port);
        assertArrayEquals(new String[] {"a"}, byAddress.list());
        assertTrue(UnicastRemoteObject.unexportObject(r, true));
        try (ServerSocket again = new ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertEquals(port, again.getLocalPort(), "the port is free");
        }
        assertThrows(NoSuchObjectException.class, byAddress::list, "the pooled connection finds no registry there");
    }

    @Test
    void aPortTakenByAnotherSocketIsAnExportException() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThrows(ExportException.class, () -> LocateRegistry.createRegistry(port));
            assertThrows(ExportException.class, () -> UnicastRemoteObject.exportObject(new ServiceImpl(node, "x"), port));
        }
    }

    @Test
    void anObjectExportedOnAPortIsReachedThereAndSharesTheRegistrysListener() throws Exception {
        int port = freePort();
        LocateRegistry.createRegistry(port);
        ServiceImpl impl = new ServiceImpl(node, "on port");
        Service stub = (Service) UnicastRemoteObject.exportObject(impl, port);
        java.util.List<org.karmi.spi.transport.Utid> utids = StubFactory.refOf(stub).utidsForWriting();
        assertEquals(port, TcpUtids.port(utids.get(0)), "its stub names the port: " + utids);
        LocateRegistry.getRegistry(port).rebind("p", stub);
        other = TestNodes.tcpNode();
        assertEquals("on port", ((Service) other.registry("127.0.0.1", port).lookup("p")).name());
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
