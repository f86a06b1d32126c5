package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.MarshalledObject;
import java.rmi.Remote;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.karmi.server.RemoteObject;
import org.karmi.server.UnicastRemoteObject;
import org.karmi.spi.ref.RemoteStub;

/**
 * Stubs are {@link java.io.Serializable} outside KaRMI's call streams (issue 12, item 1): a
 * plain {@link ObjectOutputStream} or a {@link MarshalledObject} writes a generated or a proxy
 * stub, and it reads back as a working stub of the same remote object, in this JVM and in
 * another one.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class StubSerializationTest {

    /** Two remote interfaces: its stub is a dynamic proxy. */
    static final class CallbackProbe extends ProbeImpl implements Callback {
        private static final long serialVersionUID = 1L;

        CallbackProbe() throws java.rmi.RemoteException {
        }

        @Override
        public int call(int n) {
            return n + 100;
        }
    }

    @TempDir
    Path dir;

    private KarmiNode node;

    @BeforeEach
    void start() throws Exception {
        node = FacadeNodes.install(Map.of());
    }

    @AfterEach
    void stop() {
        FacadeNodes.remove(node);
    }

    @Test
    void generatedStubWrittenByAPlainStreamReadsBackAsAWorkingEqualStub() throws Exception {
        Service stub = (Service) UnicastRemoteObject.exportObject(new ServiceImpl(node, "gen"), 0);
        assertInstanceOf(RemoteStub.class, stub, "the core tests compile Service with the stub generator");
        Service read = (Service) roundTrip(stub);
        assertEquals(stub, read);
        assertEquals(stub.hashCode(), read.hashCode());
        assertEquals("gen", read.name());
    }

    @Test
    void proxyStubWrittenByAPlainStreamReadsBackAsAWorkingEqualStub() throws Exception {
        CallbackProbe impl = new CallbackProbe();
        Remote stub = RemoteObject.toStub(impl);
        assertTrue(Proxy.isProxyClass(stub.getClass()));
        Object read = roundTrip(stub);
        assertTrue(Proxy.isProxyClass(read.getClass()));
        assertEquals(stub, read);
        assertEquals(impl.hashCode(), read.hashCode());
        assertEquals(107, ((Callback) read).call(7));
        assertEquals("127.0.0.1", ((Probe) read).clientHost());
    }

    @Test
    void stubsInsideAMarshalledObjectComeBackAsStubs() throws Exception {
        Service stub = (Service) UnicastRemoteObject.exportObject(new ServiceImpl(node, "mo"), 0);
        MarshalledObject<Service> mo = new MarshalledObject<>(stub);
        Service got = mo.get();
        assertEquals(stub, got);
        assertEquals("mo", got.name());

        ProbeImpl impl = new ProbeImpl();
        Remote fromImpl = new MarshalledObject<Remote>(impl).get();
        assertFalse(fromImpl instanceof ProbeImpl, "an exported object goes in as its stub, as with java.rmi");
        assertEquals(RemoteObject.toStub(impl), fromImpl);

        MarshalledObject<List<Remote>> list = new MarshalledObject<>(List.of(stub, RemoteObject.toStub(new CallbackProbe())));
        List<Remote> both = list.get();
        assertEquals("mo", ((Service) both.get(0)).name());
        assertEquals(101, ((Callback) both.get(1)).call(1));
    }

    @Test
    void stubWrittenToAFileIsCalledFromAnotherJvm() throws Exception {
        Service stub = (Service) UnicastRemoteObject.exportObject(new ServiceImpl(node, "from-file"), 0);
        Path file = dir.resolve("stub.ser");
        try (ObjectOutputStream out = new ObjectOutputStream(Files.newOutputStream(file))) {
            out.writeObject(stub);
        }
        try (ChildProcess child = ChildProcess.start(StubFileMain.class,
                List.of("-Dkarmi.tcp.port=0", "-Dkarmi.serializer=jdk", "-Dkarmi.technologies=tcp"), file.toString())) {
            assertEquals("NAME from-file", child.await(l -> l.startsWith("NAME "), 30));
            assertTrue(child.exits(30), "the client JVM exits when main returns:\n" + child.output());
            assertEquals(0, child.process.exitValue(), child.output());
        }
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
