package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Proxy;
import java.net.ServerSocket;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.rmi.server.ExportException;
import java.rmi.server.ServerNotActiveException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.registry.Registry;
import org.karmi.server.RemoteObject;
import org.karmi.server.RemoteServer;
import org.karmi.server.UnicastRemoteObject;

/**
 * {@code java.rmi.server}'s semantics of {@link RemoteObject}, {@link RemoteServer} and
 * {@link UnicastRemoteObject} (issue 12, items 1 and 2), through the static facade over a
 * TCP node installed as the default runtime; a second node calls it over TCP.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RemoteObjectSemanticsTest {

    /** Implements {@link Remote} itself and no interface extending it. */
    static final class Bare extends UnicastRemoteObject {
        private static final long serialVersionUID = 1L;

        Bare() throws java.rmi.RemoteException {
        }
    }

    /** Implements {@link Remote} directly, without {@link RemoteObject}. */
    static final class Plain implements Remote {
    }

    /** A remote server object that is never exported. */
    static final class NeverExported extends RemoteServer {
        private static final long serialVersionUID = 1L;
    }

    private KarmiNode node;
    private KarmiNode other;

    @BeforeEach
    void start() throws Exception {
        node = FacadeNodes.install(Map.of());
    }

    @AfterEach
    void stop() {
        FacadeNodes.remove(node);
        if (other != null) {
            other.close();
        }
    }

    @Test
    void exportedObjectIsNotEqualToItsStubButHasItsHashCodeAsInJavaRmi() throws Exception {
        ProbeImpl impl = new ProbeImpl();
        Remote stub = RemoteObject.toStub(impl);
        assertNotSame(impl, stub);
        assertInstanceOf(Probe.class, stub);
        assertInstanceOf(RemoteObject.class, stub, "a generated stub is a RemoteObject, as a java.rmi RemoteStub");
        assertNotEquals(stub, impl);
        assertNotEquals(impl, stub);
        assertEquals(stub.hashCode(), impl.hashCode());
        Remote back = ((Probe) stub).echo(stub);
        assertEquals(stub, back, "a reference that went through a call");
        assertEquals(impl.hashCode(), back.hashCode());
        assertTrue(impl.toString().startsWith("ProbeImpl["), impl.toString());
        assertEquals(stub, UnicastRemoteObject.toStub(impl), "toStub through the subclass, as java.rmi code calls it");
    }

    @Test
    void classImplementingRemoteDirectlyIsExportedWithAStubImplementingRemoteOnly() throws Exception {
        Bare bare = new Bare();
        Remote stub = RemoteObject.toStub(bare);
        assertTrue(Proxy.isProxyClass(stub.getClass()), stub.getClass().getName());
        assertArrayEquals(new Class<?>[] {Remote.class}, stub.getClass().getInterfaces());
        assertNotEquals(stub, bare, "a proxy stub is not equal to the exported object, as in java.rmi");
        assertNotEquals(bare, stub);
        assertEquals(bare.hashCode(), stub.hashCode());

        Plain plain = new Plain();
        Remote plainStub = UnicastRemoteObject.exportObject(plain, 0);
        assertArrayEquals(new Class<?>[] {Remote.class}, plainStub.getClass().getInterfaces());
        Probe probe = (Probe) RemoteObject.toStub(new ProbeImpl());
        assertEquals(plainStub, probe.echo(plainStub), "travels by reference through a local call");

        other = TestNodes.tcpNode();
        Probe remote = (Probe) other.registry("127.0.0.1", TestNodes.port(node)).lookup("probe-" + bind(probe));
        Remote echoed = remote.echo(plainStub);
        assertEquals(plainStub, echoed, "and over TCP and back");
        assertTrue(UnicastRemoteObject.unexportObject(plain, true));
    }

    private String bind(Probe probe) throws Exception {
        String name = Long.toHexString(System.nanoTime());
        node.registry().rebind("probe-" + name, probe);
        return name;
    }

    @Test
    void objectNeverExportedEqualsOnlyItselfAndHasNoStub() {
        NeverExported a = new NeverExported();
        NeverExported b = new NeverExported();
        assertEquals(a, a);
        assertNotEquals(a, b);
        assertEquals(System.identityHashCode(a), a.hashCode());
        assertEquals("RemoteObjectSemanticsTest$NeverExported", a.toString());
        assertThrows(NoSuchObjectException.class, () -> RemoteObject.toStub(a));
        assertThrows(NoSuchObjectException.class, () -> UnicastRemoteObject.unexportObject(a, true));
    }

    @Test
    void getClientHostOutsideACallThrowsServerNotActive() {
        assertThrows(ServerNotActiveException.class, RemoteServer::getClientHost);
    }

    @Test
    void getClientHostIsTheCallersAddressLocallyAndOverTcp() throws Exception {
        Probe stub = (Probe) RemoteObject.toStub(new ProbeImpl());
        assertEquals("127.0.0.1", stub.clientHost(), "local short-cut");
        other = TestNodes.tcpNode();
        Probe remote = (Probe) other.registry("127.0.0.1", TestNodes.port(node)).lookup("probe-" + bind(stub));
        assertEquals("127.0.0.1", remote.clientHost(), "over TCP from this host");
        assertThrows(ServerNotActiveException.class, RemoteServer::getClientHost, "and not after the call");
    }

    @Test
    void everyJavaRmiConstructorAndExportOverloadExportsWithoutThrowing() throws Exception {
        int port;
        int factoryPort; // a port listens through one server socket factory only (java.rmi: ExportException)
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                ServerSocket f = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
            factoryPort = f.getLocalPort();
        }
        LoopbackSockets sockets = new LoopbackSockets();
        ProbeImpl[] impls = {new ProbeImpl(), new ProbeImpl(0), new ProbeImpl(port), new ProbeImpl(0, sockets, sockets),
            new ProbeImpl(factoryPort, sockets, sockets), new ProbeImpl(0, null, null)};
        for (ProbeImpl impl : impls) {
            assertEquals("127.0.0.1", ((Probe) RemoteObject.toStub(impl)).clientHost());
        }
        Remote[] stubs = {UnicastRemoteObject.exportObject(new Plain()), UnicastRemoteObject.exportObject(new Plain(), port),
            UnicastRemoteObject.exportObject(new Plain(), 0, sockets, sockets),
            UnicastRemoteObject.exportObject(new Plain(), port, info -> ObjectInputFilter.Status.UNDECIDED),
            UnicastRemoteObject.exportObject(new Plain(), 0, sockets, sockets, null)};
        for (Remote s : stubs) {
            assertInstanceOf(Remote.class, s);
            assertFalse(s instanceof Plain);
        }
        assertEquals(impls.length + stubs.length + 1, node.exportedCount(), "all exported, besides the node's registry");
    }

    @Test
    void exportingAnExportedObjectAgainIsRefusedAsJavaRmiRefusesIt() throws Exception {
        ProbeImpl impl = new ProbeImpl();
        assertThrows(ExportException.class, () -> UnicastRemoteObject.exportObject(impl, 0));
        Plain plain = new Plain();
        UnicastRemoteObject.exportObject(plain, 0);
        assertThrows(ExportException.class, () -> UnicastRemoteObject.exportObject(plain, 0));
    }

    @Test
    void anExportsFilterDecidesFirstAboutItsArguments() throws Exception {
        Service plain = (Service) UnicastRemoteObject.exportObject(new ServiceImpl(node, "plain"), 0);
        assertEquals(2, plain.mutate(new Box(1)).value, "Box is a declared type");
        Service guarded = (Service) UnicastRemoteObject.exportObject(new ServiceImpl(node, "guarded"), 0,
                info -> info.serialClass() == Box.class ? ObjectInputFilter.Status.REJECTED : ObjectInputFilter.Status.UNDECIDED);
        ServerException e = assertThrows(ServerException.class, () -> guarded.mutate(new Box(1)));
        assertInstanceOf(UnmarshalException.class, e.getCause());
        assertEquals("guarded", guarded.name(), "other calls pass");
    }

    @Test
    void cloneOfAUnicastRemoteObjectIsExportedAnew() throws Exception {
        ProbeImpl impl = new ProbeImpl();
        ProbeImpl copy = impl.clone();
        assertNotEquals(impl, copy);
        assertNotEquals(RemoteObject.toStub(impl), RemoteObject.toStub(copy));
        assertEquals(copy.hashCode(), RemoteObject.toStub(copy).hashCode());
        assertEquals("127.0.0.1", ((Probe) RemoteObject.toStub(copy)).clientHost());
    }

    @Test
    void exportedObjectIsWrittenAsItsStubAndAnUnexportedOneByValueAndExportedAgain() throws Exception {
        ProbeImpl impl = new ProbeImpl();
        Object read = roundTrip(impl);
        assertInstanceOf(Probe.class, read);
        assertFalse(read instanceof ProbeImpl, "an exported object is written as its stub");
        assertEquals(RemoteObject.toStub(impl), read);

        assertTrue(UnicastRemoteObject.unexportObject(impl, true));
        Object copy = roundTrip(impl);
        ProbeImpl reexported = assertInstanceOf(ProbeImpl.class, copy, "by value");
        assertNotSame(impl, reexported);
        assertEquals("127.0.0.1", ((Probe) RemoteObject.toStub(reexported)).clientHost(), "exported again when read");
    }

    @Test
    void createdRegistryIsARemoteObjectTheFacadeUnexports() throws Exception {
        Registry r = org.karmi.registry.LocateRegistry.createRegistry(0);
        assertTrue(UnicastRemoteObject.unexportObject(r, true));
        assertThrows(NoSuchObjectException.class, () -> UnicastRemoteObject.unexportObject(r, true));
    }

    private static Object roundTrip(Object o) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }
}
