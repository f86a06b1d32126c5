package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.lang.reflect.UndeclaredThrowableException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.server.ExportException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.ref.StubReference;

/**
 * RemoteRuntime 1.5: an object exported under a plain interface (one that does not extend
 * {@link Remote}, as OSGi Remote Services export them) is called from another node over TCP
 * through a stub made for that interface: strings, a class the interface declares (allowed
 * without the allow-list), a declared exception; an unexported object's stub fails with a
 * {@link java.rmi.RemoteException} the caller sees undeclared.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PlainInterfaceExportTest {

    /** A plain service interface. */
    public interface Greeter {
        String hello(String name);

        Note echo(Note n);

        String refuse(String why) throws Refused;
    }

    /** A value the interface declares; not on any allow-list. */
    public static final class Note implements Serializable {
        private static final long serialVersionUID = 1L;
        public String text;
        public int count;
    }

    /** The interface's checked exception. */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        public Refused(String m) {
            super(m);
        }
    }

    static final class GreeterImpl implements Greeter {
        @Override
        public String hello(String name) {
            return "hello " + name;
        }

        @Override
        public Note echo(Note n) {
            Note out = new Note();
            out.text = n.text + "!";
            out.count = n.count + 1;
            return out;
        }

        @Override
        public String refuse(String why) throws Refused {
            throw new Refused(why);
        }
    }

    private KarmiNode server;
    private KarmiNode client;

    @BeforeEach
    void nodes() throws Exception {
        server = TestNodes.tcpNode();
        client = TestNodes.tcpNode();
    }

    @AfterEach
    void close() {
        client.close();
        server.close();
    }

    /** A Remote proxy forwarding to {@code service}, as a distribution provider makes it. */
    private static Remote forwarder(Object service) {
        return (Remote) Proxy.newProxyInstance(Greeter.class.getClassLoader(), new Class<?>[] {Greeter.class, Remote.class},
                (p, m, a) -> {
                    try {
                        return m.invoke(service, a);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void plainInterfaceIsCalledFromAnotherNodeOverTcp() throws Exception {
        Remote exported = forwarder(new GreeterImpl());
        StubReference ref = server.exportAs(exported, List.of(Greeter.class));
        assertEquals(server.nodeId(), ref.objectId().nodeId());
        assertEquals(server.localUtids(), ref.utids());

        Remote stub = client.stubFor(ref, List.of(Greeter.class));
        Greeter g = (Greeter) stub;
        long before = client.statistics().get("tcp").callsSent();
        assertEquals("hello world", g.hello("world"));
        Note n = new Note();
        n.text = "note";
        n.count = 41;
        Note back = g.echo(n);
        assertEquals("note!", back.text);
        assertEquals(42, back.count);
        Refused r = assertThrows(Refused.class, () -> g.refuse("no"));
        assertEquals("no", r.getMessage());
        assertEquals(before + 3, client.statistics().get("tcp").callsSent(), "the three calls crossed TCP");

        assertTrue(server.unexport(exported, true));
        UndeclaredThrowableException gone = assertThrows(UndeclaredThrowableException.class, () -> g.hello("again"));
        assertInstanceOf(NoSuchObjectException.class, gone.getCause());
    }

    @Test
    void exportAsRefusesWhatItCannotHonour() throws Exception {
        Remote exported = forwarder(new GreeterImpl());
        server.exportAs(exported, List.of(Greeter.class));
        assertThrows(ExportException.class, () -> server.exportAs(exported, List.of(Greeter.class)));
        assertThrows(IllegalArgumentException.class, () -> server.exportAs(forwarder(new GreeterImpl()), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> server.exportAs(forwarder(new GreeterImpl()), List.of(Runnable.class)));
        assertThrows(IllegalArgumentException.class,
                () -> server.exportAs(forwarder(new GreeterImpl()), List.of(GreeterImpl.class)));
    }
}
