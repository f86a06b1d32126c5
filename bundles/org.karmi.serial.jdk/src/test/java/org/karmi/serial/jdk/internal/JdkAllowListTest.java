package org.karmi.serial.jdk.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Which classes the jdk serializer instantiates (issue 11, item 1): what the call's filter
 * allows (with the classes those bring along), the allow-list and the harmless JDK values,
 * as the uka serializer; everything else is refused before it is instantiated, with an
 * {@link InvalidClassException} that names it and says what to do.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class JdkAllowListTest {

    /** A class whose readObject has a side effect: the gadget's stand-in. */
    static final class SideEffect implements Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger READS = new AtomicInteger();
        int value = 1;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            READS.incrementAndGet();
            in.defaultReadObject();
        }
    }

    /** A comparator that records that it ran. */
    static final class Hostile implements Comparator<Object>, Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger COMPARES = new AtomicInteger();

        @Override
        public int compare(Object a, Object b) {
            COMPARES.incrementAndGet();
            return Integer.compare(System.identityHashCode(a), System.identityHashCode(b));
        }
    }

    /** A declared class with a generic collection field of a class nobody declared. */
    static final class Order implements Serializable {
        private static final long serialVersionUID = 1L;
        List<Item> items = new ArrayList<>();
        Map<String, Item[]> byName = new HashMap<>();
    }

    static final class Item implements Serializable {
        private static final long serialVersionUID = 1L;
        String name;

        Item(String name) {
            this.name = name;
        }
    }

    /** A payload and the class its refusal must name. */
    record Payload(Supplier<Object> payload, Class<?> named) {
    }

    private final JdkStreams.Reader reader = new JdkStreams.Reader();

    @BeforeEach
    void zero() {
        SideEffect.READS.set(0);
        Hostile.COMPARES.set(0);
    }

    private InvalidClassException refused(Object payload, ObjectInputFilter filter, Class<?> named) throws IOException {
        byte[] message = JdkStreams.write(payload);
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> reader.read(message, filter));
        assertTrue(e.getMessage().startsWith(named.getName() + "; "), e.getMessage());
        assertEquals(0, SideEffect.READS.get(), "a readObject ran");
        assertEquals(0, Hostile.COMPARES.get(), "a comparator ran");
        return e;
    }

    @Test
    void gadgetsAreRefusedBeforeTheyRunWithOrWithoutACallFilter() throws Exception {
        ObjectInputFilter call = JdkStreams.declaring(String.class);
        PriorityQueue<String> queue = new PriorityQueue<>(Comparator.naturalOrder());
        queue.add("a");
        queue.add("b");
        PriorityQueue<Object> hostileQueue = new PriorityQueue<>(new Hostile());
        hostileQueue.add("a");
        hostileQueue.add("b");
        TreeMap<Object, Object> hostileMap = new TreeMap<>(new Hostile());
        hostileMap.put("a", 1);
        hostileMap.put("b", 2);
        Hostile.COMPARES.set(0);
        List<Payload> payloads = List.of(
                new Payload(SideEffect::new, SideEffect.class),
                new Payload(() -> hostileQueue, PriorityQueue.class),
                new Payload(() -> new HashMap<>(Map.of("k", new SideEffect())), SideEffect.class),
                new Payload(() -> new ArrayList<>(List.of("x", new SideEffect())), SideEffect.class),
                new Payload(() -> new Object[] {new SideEffect()}, SideEffect.class),
                new Payload(() -> new LinkedHashSet<>(List.of(List.of(new ArrayList<>(List.of(new SideEffect()))))),
                        SideEffect.class),
                new Payload(() -> hostileMap, Hostile.class),
                new Payload(() -> new HashMap<>(Map.of("q", hostileQueue)), PriorityQueue.class));
        for (ObjectInputFilter f : Arrays.asList(call, null)) {
            for (Payload p : payloads) {
                Object payload = p.payload().get();
                byte[] message = JdkStreams.write(payload);
                InvalidClassException e = assertThrows(InvalidClassException.class, () -> reader.read(message, f),
                        () -> "accepted: " + payload);
                assertTrue(e.getMessage().startsWith(p.named().getName() + "; "), e.getMessage());
                assertTrue(e.getMessage().contains("karmi.serial.allow"), e.getMessage());
            }
        }
        assertEquals(0, SideEffect.READS.get(), "a readObject ran");
        assertEquals(0, Hostile.COMPARES.get(), "a comparator ran");
        // a PriorityQueue of strings is no harmless value either (uka does not accept it by default)
        refused(queue, call, PriorityQueue.class);
    }

    @Test
    void refusalNamesTheClassAndTheSettingAndKeepsTheStreamsReason() throws Exception {
        InvalidClassException e = refused(new SideEffect(), JdkStreams.declaring(String.class), SideEffect.class);
        assertTrue(e.getMessage().contains("add it (or its package) to karmi.serial.allow"), e.getMessage());
        assertTrue(e.getCause() instanceof InvalidClassException c && c.getMessage().contains("REJECTED"),
                String.valueOf(e.getCause()));
    }

    @Test
    void theCallsFilterAllowsItsClassesAndTheAllowListOthers() throws Exception {
        byte[] message = JdkStreams.write(new SideEffect());
        assertTrue(reader.read(message, JdkStreams.declaring(SideEffect.class)) instanceof SideEffect);
        assertEquals(1, SideEffect.READS.get(), "allowed, so it ran: the test can fail");
        JdkStreams.Reader allowing = new JdkStreams.Reader(new StreamFilter(
                AllowPatterns.parse(JdkAllowListTest.class.getName() + "$Side*")));
        assertTrue(allowing.read(message, null) instanceof SideEffect);
        assertTrue(allowing.read(message, JdkStreams.declaring(String.class)) instanceof SideEffect);
    }

    @Test
    void theCallsFilterRejectingWinsOverTheAllowList() throws Exception {
        JdkStreams.Reader allowing = new JdkStreams.Reader(new StreamFilter(AllowPatterns.parse("org.karmi.**")));
        byte[] message = JdkStreams.write(new SideEffect());
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> allowing.read(message,
                ObjectInputFilter.Config.createFilter("!" + SideEffect.class.getName())));
        assertTrue(e.getMessage().contains("rejected by the call's ObjectInputFilter"), e.getMessage());
        assertEquals(0, SideEffect.READS.get());
    }

    @Test
    void harmlessJdkValuesPassWithoutAnyEntry() throws Exception {
        TreeMap<String, Integer> ci = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        ci.put("b", 2);
        TreeSet<String> reversed = new TreeSet<>(Collections.reverseOrder());
        reversed.add("x");
        TreeSet<String> reversedBy = new TreeSet<>(Collections.reverseOrder(String.CASE_INSENSITIVE_ORDER));
        reversedBy.add("y");
        List<Object> values = List.of("s", 1, 2L, 3.0, 4f, (short) 5, (byte) 6, 'c', true,
                new int[] {1}, new byte[] {2}, new double[][] {{3}}, new String[] {"a"}, new Object[] {"o", 1},
                new ArrayList<>(List.of(1)), new LinkedList<>(List.of(2)), new ArrayDeque<>(List.of(3)),
                new HashMap<>(Map.of("a", 1)), new LinkedHashMap<>(Map.of("b", 2)), new TreeMap<>(Map.of("c", 3)),
                new HashSet<>(Set.of(4)), new LinkedHashSet<>(Set.of(5)), new TreeSet<>(Set.of(6)),
                List.of(), List.of(1), List.of(1, 2, 3), Set.of(), Set.of(1), Set.of(1, 2, 3), Map.of(), Map.of(1, 2),
                Map.of(1, 2, 3, 4), new ArrayList<>(List.of(1, 2)).stream().toList(),
                BigInteger.TEN, new BigDecimal("1.5"), UUID.randomUUID(), Duration.ofSeconds(3), Instant.now(),
                LocalDate.now(), LocalDateTime.now(), OffsetDateTime.now(), ZonedDateTime.now(ZoneId.of("Europe/Paris")),
                ZoneId.of("Europe/Paris"), Period.ofDays(2), MonthDay.of(2, 3), new Date(), URI.create("http://x/y"),
                TimeUnit.SECONDS, new IllegalStateException("boom", new IOException("cause")),
                Collections.unmodifiableList(new ArrayList<>(List.of(1))), Collections.unmodifiableMap(new HashMap<>()),
                Collections.emptyList(), Collections.singletonMap("k", "v"), Arrays.asList(1, 2), ci, reversed,
                reversedBy);
        byte[] message = JdkStreams.write(values.toArray());
        for (ObjectInputFilter f : Arrays.asList(JdkStreams.declaring(Order.class), null)) {
            Object[] back = reader.read(message, f, values.size());
            for (int i = 0; i < values.size(); i++) {
                Object v = values.get(i);
                assertEquals(v.getClass(), back[i].getClass(), "value " + i);
                if (!v.getClass().isArray()) {
                    assertEquals(v.toString(), back[i].toString(), "value " + i);
                }
            }
        }
    }

    @Test
    void aDeclaredClassBringsAlongItsFieldsGenericArgumentsForTheRestOfTheMessageOnly() throws Exception {
        Order o = new Order();
        o.items.add(new Item("a"));
        o.byName.put("b", new Item[] {new Item("b")});
        ObjectInputFilter call = JdkStreams.declaring(Order.class);
        Order back = (Order) reader.read(JdkStreams.write(o), call);
        assertEquals("a", back.items.get(0).name);
        assertEquals("b", back.byName.get("b")[0].name);
        // later in the same message, an Item on its own passes too ...
        Object[] two = reader.read(JdkStreams.write(o, new Item("c")), call, 2);
        assertEquals("c", ((Item) two[1]).name);
        // ... but not in a message without the declared class, nor before it
        refused(new Item("d"), call, Item.class);
        byte[] itemFirst = JdkStreams.write(new Item("e"), o);
        assertThrows(InvalidClassException.class, () -> reader.read(itemFirst, call, 2));
    }

    @Test
    void aFieldDeclaredObjectBringsNothingAlong() throws Exception {
        Holder h = new Holder();
        h.any = new SideEffect();
        refused(h, JdkStreams.declaring(Holder.class), SideEffect.class);
    }

    static final class Holder implements Serializable {
        private static final long serialVersionUID = 1L;
        Object any;
    }

    @Test
    void proxiesAreRefusedAndResolveThroughTheGivenLoaderOnly() throws Exception {
        Object proxy = Proxy.newProxyInstance(JdkAllowListTest.class.getClassLoader(), new Class<?>[] {Runnable.class},
                (HandlerForTest) (p, m, a) -> null);
        byte[] message = JdkStreams.write(proxy);
        InvalidClassException e = assertThrows(InvalidClassException.class,
                () -> reader.read(message, JdkStreams.declaring(String.class)));
        assertTrue(e.getMessage().contains("not allowed"), e.getMessage());
    }

    /** A serializable invocation handler, so that the proxy can be written. */
    interface HandlerForTest extends java.lang.reflect.InvocationHandler, Serializable {
    }

    @Test
    void allowListPatternsAreThoseOfTheReferenceLayer() {
        AllowPatterns a = AllowPatterns.parse(" java.util.concurrent.*, org.karmi.** ,javax.Foo, java.awt.Po*");
        assertTrue(a.test(TimeUnit.class));
        assertFalse(a.test(java.util.concurrent.atomic.AtomicInteger.class), ".* is one package");
        assertTrue(a.test(JdkAllowListTest.class), ".** takes sub-packages");
        assertTrue(a.test(java.awt.Point.class), "a name prefix");
        assertFalse(a.test(String.class));
        assertFalse(AllowPatterns.parse("").test(String.class));
        assertFalse(AllowPatterns.parse(null).test(String.class));
        assertTrue(AllowPatterns.parse("*").test(Item.class), "* alone allows everything");
        for (String bad : List.of("org.*.Foo", "!org.Foo", "maxdepth=5", "java.base/java.lang.String", "a b")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AllowPatterns.parse(bad));
            assertTrue(e.getMessage().contains("karmi.serial.allow"), e.getMessage());
        }
    }
}
