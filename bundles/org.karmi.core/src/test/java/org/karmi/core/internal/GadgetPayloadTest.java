package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.karmi.serial.UkaSerializer;
import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.spi.serial.Serializer;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * Issue 11, item 1: gadget payloads sent as an argument declared {@code Object} (a class whose
 * {@code readObject} has a side effect, a {@code PriorityQueue} or {@code TreeMap} with a hostile
 * comparator, and collections and arrays wrapping them) are refused by the server before they
 * are instantiated, with the {@code uka} and with the {@code jdk} serializer: the call fails
 * with an {@link UnmarshalException} naming the class, the side effect never runs, and the
 * server serves the next call. Two nodes in this JVM over real TCP on loopback.
 */
class GadgetPayloadTest {

    /** A class whose readObject has a side effect: stands in for a gadget. */
    public static final class SideEffect implements Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger READS = new AtomicInteger();
        public int value = 1;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            READS.incrementAndGet();
            in.defaultReadObject();
        }
    }

    /** A comparator that records that it ran: stands in for a gadget chain's trigger. */
    public static final class Hostile implements Comparator<Object>, Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger COMPARES = new AtomicInteger();

        @Override
        public int compare(Object a, Object b) {
            COMPARES.incrementAndGet();
            return Integer.compare(System.identityHashCode(a), System.identityHashCode(b));
        }
    }

    /** A remote interface declaring a class whose field's generic argument is declared nowhere else. */
    public interface Orders extends Remote {
        /** Returns the names of the order's items, and of the items by name. */
        List<String> names(Order order) throws RemoteException;
    }

    public static final class Order implements Serializable {
        private static final long serialVersionUID = 1L;
        public List<Item> items = new ArrayList<>();
        public Map<String, Item[]> byName = new HashMap<>();
    }

    public static final class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        public String name;

        public Item(String name) {
            this.name = name;
        }
    }

    public static final class OrdersImpl implements Orders {
        @Override
        public List<String> names(Order order) {
            List<String> out = new ArrayList<>();
            order.items.forEach(i -> out.add(i.name));
            order.byName.values().forEach(a -> out.add(a[0].name));
            return out;
        }
    }

    /** The nine payloads of the finding and the class each refusal must name. */
    static Stream<Arguments> payloads() {
        return Stream.of(
                payload("readObject with a side effect", SideEffect.class, SideEffect::new),
                payload("PriorityQueue with a hostile comparator", PriorityQueue.class, GadgetPayloadTest::hostileQueue),
                payload("HashMap around it", SideEffect.class, () -> new HashMap<>(Map.of("k", new SideEffect()))),
                payload("ArrayList around it", SideEffect.class, () -> new ArrayList<>(List.of("x", new SideEffect()))),
                payload("Object[] around it", SideEffect.class, () -> new Object[] {"x", new SideEffect()}),
                payload("nested wrappers", SideEffect.class, () -> new HashMap<>(Map.of("k",
                        new ArrayList<>(List.of(new Object[] {new SideEffect()}))))),
                payload("LinkedHashSet around it", SideEffect.class,
                        () -> new LinkedHashSet<>(List.of("a", new SideEffect()))),
                payload("TreeMap with a hostile comparator", Hostile.class, GadgetPayloadTest::hostileMap),
                payload("HashMap around the hostile PriorityQueue", PriorityQueue.class,
                        () -> new HashMap<>(Map.of("q", hostileQueue()))));
    }

    private static Arguments payload(String name, Class<?> named, Supplier<Object> make) {
        return Arguments.of(name, named, make);
    }

    private static PriorityQueue<Object> hostileQueue() {
        PriorityQueue<Object> q = new PriorityQueue<>(new Hostile());
        q.add("a");
        q.add("b");
        q.add("c");
        return q;
    }

    private static TreeMap<Object, Object> hostileMap() {
        TreeMap<Object, Object> m = new TreeMap<>(new Hostile());
        m.put("a", 1);
        m.put("b", 2);
        return m;
    }

    @Nested
    class OverUka extends Calls {
        OverUka() {
            super("uka");
        }
    }

    @Nested
    class OverJdk extends Calls {
        OverJdk() {
            super("jdk");
        }
    }

    /** The suite; {@link #serializer} is its one parameter. */
    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    abstract static class Calls {

        private final String serializer;
        private KarmiNode server;
        private KarmiNode client;
        private Service service;

        Calls(String serializer) {
            this.serializer = serializer;
        }

        @BeforeAll
        void start() throws Exception {
            server = node(serializer, null);
            client = node(serializer, null);
            service = lookup(server, client);
        }

        @AfterAll
        void stop() {
            if (client != null) {
                client.close();
            }
            if (server != null) {
                server.close();
            }
        }

        @BeforeEach
        void zero() {
            SideEffect.READS.set(0);
            Hostile.COMPARES.set(0);
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("org.karmi.core.internal.GadgetPayloadTest#payloads")
        void gadgetIsRefusedBeforeItRunsNamingTheClassAndTheServerServesTheNextCall(String name, Class<?> named,
                Supplier<Object> make) throws Exception {
            Object payload = make.get();
            Hostile.COMPARES.set(0); // building the payload compared
            ServerException e = assertThrows(ServerException.class, () -> service.echo(payload),
                    () -> serializer + " accepted: " + name);
            UnmarshalException u = assertInstanceOf(UnmarshalException.class, e.getCause());
            assertTrue(u.getMessage().contains(named.getName()), u.getMessage());
            assertTrue(u.getMessage().contains("InvalidClassException"), u.getMessage());
            assertEquals(0, SideEffect.READS.get(), "a readObject ran on the server");
            assertEquals(0, Hostile.COMPARES.get(), "a hostile comparator ran on the server");
            assertEquals("server", service.name(), "the next call is served");
            assertEquals(List.of("ok", 2), service.echo(new ArrayList<>(List.of("ok", 2))), "and carries values");
        }

        @Test
        void aPayloadOnTheAllowListPassesAndRuns() throws Exception {
            String allow = SideEffect.class.getName() + "," + Hostile.class.getName();
            KarmiNode s = node(serializer, allow);
            KarmiNode c = node(serializer, allow);
            try {
                Service open = lookup(s, c);
                Object back = open.echo(new HashMap<>(Map.of("k", new SideEffect())));
                assertInstanceOf(SideEffect.class, ((Map<?, ?>) back).get("k"));
                assertEquals(2, SideEffect.READS.get(), "read by the server, then by the client: the test can fail");
                TreeMap<?, ?> tree = (TreeMap<?, ?>) open.echo(hostileMap());
                assertEquals(2, tree.size());
            } finally {
                c.close();
                s.close();
            }
        }

        @Test
        void aDeclaredClassBringsAlongTheGenericArgumentsOfItsFields() throws Exception {
            server.registry().rebind("orders", server.export(new OrdersImpl()));
            Orders orders = (Orders) client.registry("127.0.0.1", TestNodes.port(server)).lookup("orders");
            Order o = new Order();
            o.items.add(new Item("a"));
            o.byName.put("b", new Item[] {new Item("b")});
            assertEquals(List.of("a", "b"), orders.names(o));
            ServerException e = assertThrows(ServerException.class, () -> service.echo(new Item("c")),
                    "but only in a call whose interface declares the class");
            assertTrue(e.getCause().getMessage().contains(Item.class.getName()), e.getCause().getMessage());
        }

        @Test
        void refusalSaysWhatToDo() throws Exception {
            ServerException e = assertThrows(ServerException.class, () -> service.echo(new SideEffect()));
            String m = e.getCause().getMessage();
            assertTrue(m.contains(SideEffect.class.getName()), m);
            assertTrue(m.contains("allow"), m);
        }
    }

    static KarmiNode node(String serializer, String allow) throws Exception {
        Serializer s = serializer.equals("uka") ? new UkaSerializer() : new JdkSerializer();
        KarmiNode n = new KarmiNode(NodeConfig.from(allow == null ? Map.of() : Map.of("serial.allow", allow)), s);
        n.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        return n;
    }

    static Service lookup(KarmiNode server, KarmiNode client) throws Exception {
        server.registry().rebind("service", server.export(new ServiceImpl(server, "server")));
        return (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("service");
    }
}
