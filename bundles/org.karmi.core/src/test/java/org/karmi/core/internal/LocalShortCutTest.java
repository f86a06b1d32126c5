package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.AlreadyBoundException;
import java.rmi.NoSuchObjectException;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.registry.Registry;
import org.karmi.serial.jdk.JdkSerializer;

/** Calls to objects of the same node: the local short-cut, with remote semantics kept. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LocalShortCutTest {

    private KarmiNode node;
    private ServiceImpl impl;
    private Service stub;

    @BeforeEach
    void start() throws Exception {
        node = new KarmiNode(NodeConfig.defaults(), new JdkSerializer());
        impl = new ServiceImpl(node, "local");
        stub = (Service) node.export(impl);
    }

    @AfterEach
    void stop() {
        node.close();
    }

    @Test
    void exportReturnsAStubThatIsNotTheObject() throws Exception {
        assertNotSame(impl, stub);
        assertSame(stub, node.export(impl));
        assertSame(stub, node.toStub(impl));
        assertSame(stub, node.toStub(stub));
    }

    @Test
    void everyPrimitiveReturnTypeRoundTrips() throws Exception {
        stub.ping();
        assertEquals(5, stub.add(2, 3));
        assertEquals(1L << 40, stub.twice(1L << 39));
        assertEquals(1.25, stub.half(2.5));
        assertEquals(4.5f, stub.scale(1.5f));
        assertEquals('Q', stub.upper('q'));
        assertEquals((byte) -7, stub.neg((byte) 7));
        assertEquals((short) 300, stub.inc((short) 299));
        assertFalse(stub.not(true));
        assertEquals("local", stub.name());
    }

    @Test
    void argumentsAndResultsAreDeepCopies() throws Exception {
        Box box = new Box(41);
        box.items.add("client");
        Box result = stub.mutate(box);
        assertEquals(41, box.value, "the caller's argument is untouched");
        assertEquals(1, box.items.size());
        assertNotSame(box, impl.lastBox, "the server got a copy");
        assertEquals(42, result.value);
        assertEquals(Arrays.asList("client", "server"), result.items);
        assertNotSame(impl.lastBox, result, "the result is a copy too");
        int[] array = {1, 2, 3};
        Object echoed = stub.echo(array);
        assertNotSame(array, echoed);
        assertArrayEquals(array, (int[]) echoed);
    }

    @Test
    void remoteObjectsTravelByReference() throws Exception {
        Service created = stub.create("other");
        assertEquals("other", created.name());
        assertEquals("other", stub.nameOf(created));
        assertEquals(stub, stub.echo(stub), "a stub passed and returned addresses the same object");
        assertEquals(stub, stub.echo(impl), "an exported object passed by value arrives as its stub");
    }

    @Test
    void callBackOnTheSameThreadWorks() throws Exception {
        Callback cb = n -> n * 10;
        Callback cbStub = (Callback) node.export(cb);
        assertEquals(71, stub.callBack(cbStub, 7));
    }

    @Test
    void declaredExceptionArrivesAsItselfWithBothStacks() {
        AppException e = assertThrows(AppException.class, () -> stub.fail("app"));
        assertEquals("app failure", e.getMessage());
        assertTrue(Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getMethodName().equals("fail")
                && f.getClassName().equals(ServiceImpl.class.getName())), "server frames first");
        assertTrue(Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getClassName().equals(LocalShortCutTest.class.getName())),
                "client frames appended");
    }

    @Test
    void runtimeExceptionArrivesAsItself() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> stub.fail("runtime"));
        assertEquals("runtime failure", e.getMessage());
    }

    @Test
    void errorArrivesAsServerError() {
        ServerError e = assertThrows(ServerError.class, () -> stub.fail("error"));
        assertInstanceOf(AssertionError.class, e.getCause());
    }

    @Test
    void remoteExceptionArrivesAsServerException() {
        ServerException e = assertThrows(ServerException.class, () -> stub.fail("remote"));
        assertEquals("remote failure", e.getCause().getMessage());
    }

    @Test
    void unserializableExceptionGivesAnUnmarshalExceptionNotAHang() {
        RemoteException e = assertThrows(java.rmi.UnmarshalException.class, () -> stub.fail("unserializable"));
        assertTrue(e.toString().contains("could not be marshalled"), e.toString());
        assertEquals(5, assertDoesNotThrow(() -> stub.add(2, 3)), "the streams still work afterwards");
    }

    @Test
    void unserializableArgumentGivesMarshalException() throws Exception {
        assertThrows(java.rmi.MarshalException.class, () -> stub.echo(new Object()));
        assertEquals(5, stub.add(2, 3), "the streams still work afterwards");
    }

    @Test
    void callToUnexportedObjectGivesNoSuchObjectException() throws Exception {
        assertTrue(node.unexport(impl, true));
        assertThrows(NoSuchObjectException.class, () -> stub.ping());
        assertThrows(NoSuchObjectException.class, () -> node.unexport(impl, true));
    }

    @Test
    void unexportWithoutForceWaitsForRunningCalls() throws Exception {
        Thread t = new Thread(() -> {
            try {
                stub.sleep(2_000);
            } catch (RemoteException e) {
                throw new IllegalStateException(e);
            }
        });
        t.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (node.table().byObject(impl).inFlight.get() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertFalse(node.unexport(impl, false), "a call is running");
        t.join(10_000);
        assertTrue(node.unexport(impl, false));
    }

    @Test
    void objectImplementingRemoteDirectlyIsExportedWithARemoteOnlyStub() throws Exception {
        Remote plain = new Remote() { };
        Remote s = node.export(plain);
        assertArrayEquals(new Class<?>[] {Remote.class}, s.getClass().getInterfaces(), "as java.rmi makes it");
        assertEquals(s, stub.echo(s), "and it travels by reference");
    }

    @Test
    void localRegistryBindsLooksUpListsAndUnbinds() throws Exception {
        Registry r = node.registry();
        r.bind("a", impl);
        assertThrows(AlreadyBoundException.class, () -> r.bind("a", impl));
        Service found = (Service) r.lookup("a");
        assertEquals(stub, found);
        assertEquals("local", found.name());
        r.rebind("b", stub);
        assertArrayEquals(new String[] {"a", "b"}, r.list());
        r.unbind("a");
        assertThrows(NotBoundException.class, () -> r.lookup("a"));
        assertThrows(NotBoundException.class, () -> r.unbind("a"));
    }

    private static <T> T assertDoesNotThrow(org.junit.jupiter.api.function.ThrowingSupplier<T> s) {
        return org.junit.jupiter.api.Assertions.assertDoesNotThrow(s);
    }
}
