package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.UkaSerializer;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * The per-call class filter over the uka serializer: the remote interfaces' declared types
 * pass, other classes only through {@code karmi.serial.allow}; a refused class fails the call
 * with an {@link UnmarshalException} naming it and the next call works (on a new connection).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CallFilterTest {

    /** A serializable class no remote interface declares. */
    public static final class Unlisted implements Serializable {
        private static final long serialVersionUID = 1L;
        public int value = 7;
    }

    private static final String UNLISTED = Unlisted.class.getName();

    private KarmiNode server;
    private KarmiNode client;

    private Service connect(String serverAllow, String clientAllow) throws Exception {
        server = ukaNode(serverAllow);
        client = ukaNode(clientAllow);
        server.registry().bind("service", server.export(new ServiceImpl(server, "server")));
        return (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("service");
    }

    private static KarmiNode ukaNode(String allow) throws Exception {
        KarmiNode n = new KarmiNode(NodeConfig.from(allow == null ? Map.of() : Map.of("serial.allow", allow)), new UkaSerializer());
        n.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        return n;
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void declaredTypesPassWithoutAnAllowList() throws Exception {
        Service s = connect(null, null);
        Box b = s.mutate(new Box(1));
        assertEquals(2, b.value);
        assertEquals(List.of("server"), b.items);
    }

    @Test
    void undeclaredArgumentClassIsRefusedByTheServerNamingItAndTheNextCallWorks() throws Exception {
        Service s = connect(null, null);
        ServerException e = assertThrows(ServerException.class, () -> s.echo(new Unlisted()));
        UnmarshalException u = assertInstanceOf(UnmarshalException.class, e.getCause(), "as java.rmi: wrapped once");
        assertTrue(u.getMessage().contains(UNLISTED), u.getMessage());
        assertEquals("server", s.name(), "the next call works");
        assertEquals(2, s.mutate(new Box(1)).value, "and carries declared types again");
    }

    @Test
    void undeclaredResultClassIsRefusedByTheClientNamingIt() throws Exception {
        Service s = connect(UNLISTED, null);
        UnmarshalException e = assertThrows(UnmarshalException.class, () -> s.echo(new Unlisted()));
        assertTrue(e.getMessage().contains(UNLISTED), e.getMessage());
        assertEquals("server", s.name(), "the next call works");
    }

    @Test
    void theUserAllowListLetsAClassThrough() throws Exception {
        Service s = connect("org.karmi.core.internal.CallFilterTest$Unl*", "org.karmi.core.**");
        assertEquals(7, ((Unlisted) s.echo(new Unlisted())).value);
    }

    @Test
    void allowListPatternsFollowTheObjectInputFilterSyntax() {
        AllowList a = AllowList.parse(" java.util.concurrent.*, org.karmi.** ,javax.Foo, java.awt.Po*");
        assertTrue(a.allows(java.util.concurrent.TimeUnit.class));
        assertFalse(a.allows(java.util.concurrent.atomic.AtomicInteger.class), ".* is one package");
        assertTrue(a.allows(CallFilterTest.class), ".** takes sub-packages");
        assertTrue(a.allows(java.awt.Point.class), "a name prefix");
        assertFalse(a.allows(String.class));
        assertFalse(AllowList.parse("").allows(String.class));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AllowList.parse("org.*.Foo"));
        assertTrue(e.getMessage().contains("karmi.serial.allow"), e.getMessage());
    }

    @Test
    void declaredTypesIncludeArrayElementsGenericArgumentsAndExceptions() {
        CallFilter f = CallFilter.of(List.of(Shapes.class), AllowList.NONE);
        assertTrue(f.declares(Box.class), "array element type of a parameter");
        assertTrue(f.declares(Unlisted.class), "generic argument of a return type");
        assertTrue(f.declares(AppException.class), "declared exception");
        assertFalse(f.declares(CallFilterTest.class));
    }

    @Test
    void applicationClassesImplementingADeclaredRemoteInterfaceMayComeByValue() {
        CallFilter service = CallFilter.of(List.of(Service.class), AllowList.NONE);
        assertEquals(java.io.ObjectInputFilter.Status.ALLOWED, service.checkInput(classOnly(CountingCallback.class)),
                "a Callback not exported travels by value (issue 12)");
        assertEquals(java.io.ObjectInputFilter.Status.UNDECIDED, service.checkInput(classOnly(Unlisted.class)));
        CallFilter registry = CallFilter.of(List.of(org.karmi.registry.Registry.class), AllowList.NONE);
        assertEquals(java.io.ObjectInputFilter.Status.UNDECIDED, registry.checkInput(classOnly(CountingCallback.class)),
                "java.rmi.Remote itself brings no class along");
        assertEquals(java.io.ObjectInputFilter.Status.UNDECIDED,
                registry.checkInput(classOnly(java.rmi.server.RemoteObjectInvocationHandler.class)),
                "nor JDK remote classes");
        assertEquals(java.io.ObjectInputFilter.Status.ALLOWED,
                registry.checkInput(classOnly(org.karmi.spi.ref.StubReference.class)), "a serialized KaRMI stub");
    }

    private static java.io.ObjectInputFilter.FilterInfo classOnly(Class<?> c) {
        return new java.io.ObjectInputFilter.FilterInfo() {
            @Override public Class<?> serialClass() { return c; }
            @Override public long arrayLength() { return -1; }
            @Override public long depth() { return 1; }
            @Override public long references() { return 1; }
            @Override public long streamBytes() { return 0; }
        };
    }

    /** A remote interface with the type shapes the filter must see through. */
    interface Shapes extends java.rmi.Remote {
        List<Unlisted> all(Box[][] boxes) throws java.rmi.RemoteException, AppException;
    }
}
