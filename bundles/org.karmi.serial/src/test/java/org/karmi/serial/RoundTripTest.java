package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.karmi.serial.Trip.Mode;
import org.karmi.serial.model.Color;
import org.karmi.serial.model.FloatArrays;
import org.karmi.serial.model.GNode;
import org.karmi.serial.model.GNodeSub;
import org.karmi.serial.model.Int32;
import org.karmi.serial.model.Int4Null2;
import org.karmi.serial.model.Node;
import org.karmi.serial.model.PlainNode;
import org.karmi.serial.model.Point;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RoundTripTest {

    static List<Object> builtinValues() {
        List<Object> v = new ArrayList<>(Arrays.asList(
                "", "hello", "grüße", "日本語 and ascii", "\ud800 lone surrogate", true, (byte) -3, 'x', '\u20ac',
                (short) -300, 42, Integer.MIN_VALUE, Long.MAX_VALUE, 1.5f, Float.NaN, -0.0, Double.MAX_VALUE,
                new BigInteger("-123456789012345678901234567890"), BigInteger.ZERO, new BigDecimal("3.14159e-300"),
                UUID.randomUUID(), Duration.ofSeconds(-5, 7), Instant.now(), LocalDate.of(-44, 3, 15),
                LocalTime.of(23, 59, 59, 999_999_999), LocalDateTime.now(), OffsetDateTime.now(),
                ZonedDateTime.now(ZoneId.of("Europe/Berlin")), ZoneOffset.ofHours(-7), ZoneId.of("America/Chicago"),
                Period.of(1, -2, 3), Year.of(2024), YearMonth.of(1999, 12), MonthDay.of(2, 29), OffsetTime.now(),
                new ArrayList<>(List.of(1, "two", 3.0)), new LinkedList<>(List.of("a", "b")),
                new ArrayDeque<>(List.of(1, 2, 3)), new HashMap<>(Map.of("k", 1, "l", 2)),
                new LinkedHashMap<>(Map.of(1, "x")), new TreeMap<>(Map.of("b", 2, "a", 1)),
                new HashSet<>(Set.of(1, 2, 3)), new LinkedHashSet<>(List.of("z", "y")), new TreeSet<>(Set.of(5, 1, 3)),
                List.of(), List.of(1), List.of(1, 2, 3), Set.of(), Set.of("a"), Set.of(1, 2, 3), Map.of(),
                Map.of("a", 1), Map.of("a", 1, "b", 2), Stream.of(1, null, 3).toList(), Color.RED, Color.GREEN,
                TimeUnit.SECONDS, new Point(1, 2, "p")));
        TreeSet<String> ci = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        ci.addAll(List.of("B", "a", "C"));
        v.add(ci);
        TreeMap<Integer, String> reversed = new TreeMap<>(Comparator.reverseOrder());
        reversed.put(1, "one");
        reversed.put(2, "two");
        v.add(reversed);
        return v;
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void everyBuiltinValueIsEqualAfterTheTrip(Mode mode) throws Exception {
        Trip trip = Trip.of(mode);
        for (Object value : builtinValues()) {
            Object copy = trip.roundTrip(value);
            if (value instanceof ArrayDeque) {
                assertEquals(new ArrayList<>((ArrayDeque<?>) value), new ArrayList<>((ArrayDeque<?>) copy));
            } else {
                assertEquals(value, copy, () -> "value " + value);
            }
            assertEquals(value.getClass(), copy.getClass(), () -> "class of " + value);
        }
    }

    @Test
    void primitiveArraysRoundTripInBulk() throws Exception {
        Trip trip = Trip.of(Mode.RUNTIME);
        Random r = new Random(7);
        for (int n : new int[] {0, 1, 50, 5000}) {
            boolean[] z = new boolean[n];
            byte[] b = new byte[n];
            char[] c = new char[n];
            short[] s = new short[n];
            int[] i = new int[n];
            long[] l = new long[n];
            float[] f = new float[n];
            double[] d = new double[n];
            for (int k = 0; k < n; k++) {
                z[k] = r.nextBoolean();
                b[k] = (byte) r.nextInt();
                c[k] = (char) r.nextInt();
                s[k] = (short) r.nextInt();
                i[k] = r.nextInt();
                l[k] = r.nextLong();
                f[k] = Float.intBitsToFloat(r.nextInt());
                d[k] = Double.longBitsToDouble(r.nextLong());
            }
            Object[] copy = trip.read(trip.write(z, b, c, s, i, l, f, d, new String[] {"a", null}), 9);
            assertArrayEquals(z, (boolean[]) copy[0]);
            assertArrayEquals(b, (byte[]) copy[1]);
            assertArrayEquals(c, (char[]) copy[2]);
            assertArrayEquals(s, (short[]) copy[3]);
            assertArrayEquals(i, (int[]) copy[4]);
            assertArrayEquals(l, (long[]) copy[5]);
            assertEquals(Arrays.toString(f), Arrays.toString((float[]) copy[6]));
            assertEquals(Arrays.toString(d), Arrays.toString((double[]) copy[7]));
            assertArrayEquals(new String[] {"a", null}, (String[]) copy[8]);
        }
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void thePapersObjectsRoundTrip(Mode mode) throws Exception {
        Trip trip = Trip.of(mode);
        Int32 i32 = Int32.random(new Random(1));
        assertEquals(i32, trip.roundTrip(i32));
        Int4Null2 i4 = new Int4Null2(1, 2, 3, 4);
        Int4Null2 c4 = trip.roundTrip(i4);
        assertEquals(4, c4.d);
        assertNull(c4.p);
        Node tree = Node.tree(15);
        Graphs.assertIsomorphic(tree, trip.roundTrip(tree));
        FloatArrays fa = new FloatArrays();
        fa.floats = new float[50];
        fa.floats[49] = 3.5f;
        fa.doubles = new double[] {1, 2};
        FloatArrays fc = trip.roundTrip(fa);
        assertArrayEquals(fa.floats, fc.floats);
        assertArrayEquals(fa.doubles, fc.doubles);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void finalSuperclassAndTransientFieldsFollowJdkRules(Mode mode) throws Exception {
        Trip trip = Trip.of(mode);
        GNodeSub s = new GNodeSub(77, 99);
        s.cache = 5;
        s.rootMark = 1;
        s.notSerialized = 3;
        s.name = "sub";
        s.tag = '\u20ac';
        GNodeSub c = trip.roundTrip(s);
        assertEquals(77, c.id());
        assertEquals(154, c.baseId());
        assertEquals(99, c.secret());
        assertEquals("sub", c.name);
        assertEquals('\u20ac', c.tag);
        assertEquals(0, c.cache, "transient field keeps its default, as under the JDK");
        assertEquals(7, c.rootMark, "the first non-serializable superclass's constructor ran");
        assertEquals(0, c.notSerialized, "fields of non-serializable superclasses are not sent");
        PlainNode p = new PlainNode(5, "five");
        p.setOther(p);
        PlainNode pc = trip.roundTrip(p);
        assertEquals("five", pc.label());
        assertSame(pc, pc.other());
        assertNull(pc.scratch());
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void sharedAndCyclicReferencesKeepIdentity(Mode mode) throws Exception {
        Trip trip = Trip.of(mode);
        GNode a = new GNode(1);
        GNode b = new GNode(2);
        a.next = b;
        b.next = a;
        a.payload = b;
        String s = new String("shared");
        a.name = s;
        b.name = s;
        Object[] arr = new Object[2];
        arr[0] = arr;
        arr[1] = a;
        List<Object> list = new ArrayList<>();
        list.add(list);
        list.add(a);
        Object[] copy = trip.read(trip.write(a, arr, list, a), 4);
        GNode ca = (GNode) copy[0];
        assertSame(ca, ca.next.next);
        assertSame(ca.next, ca.payload);
        assertSame(ca.name, ca.next.name);
        Object[] carr = (Object[]) copy[1];
        assertSame(carr, carr[0]);
        assertSame(ca, carr[1]);
        List<?> clist = (List<?>) copy[2];
        assertSame(clist, clist.get(0));
        assertSame(ca, copy[3]);
        assertNotSame(a, ca);
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void bytesAreFewerThanJdkSerialization(Mode mode) throws Exception {
        Trip trip = Trip.of(mode);
        for (Object v : List.of(Int32.random(new Random(2)), new Int4Null2(1, 2, 3, 4), Node.tree(15),
                new float[50], "string", new int[5000])) {
            ByteArrayOutputStream bos = new ByteArrayOutputStream();
            try (ObjectOutputStream oos = new ObjectOutputStream(bos)) {
                oos.writeObject(v);
            }
            int uka = trip.write(v).length;
            assertTrue(uka < bos.size(), () -> v.getClass() + ": uka " + uka + " bytes, jdk " + bos.size());
        }
    }

    @Test
    void generatedMarshallersWriteTheSameBytesAsRunTimeOnes() throws Exception {
        GNodeSub s = new GNodeSub(3, 4);
        s.weight = 2.5;
        s.next = s;
        s.children = new ArrayList<>(List.of("c"));
        for (Object v : List.of(Int32.random(new Random(3)), new Int4Null2(5, 6, 7, 8), Node.tree(15), s)) {
            byte[] generated = Trip.of(Mode.GENERATED).write(v);
            byte[] runtime = Trip.of(Mode.RUNTIME).write(v);
            byte[] interpreted = Trip.of(Mode.INTERPRETED).write(v);
            assertArrayEquals(runtime, generated, () -> v.getClass().getName());
            assertArrayEquals(interpreted, generated, () -> v.getClass().getName());
            // and each reads the others' bytes
            Graphs.assertIsomorphic(v, Trip.of(Mode.RUNTIME).read(generated, 1)[0]);
            Graphs.assertIsomorphic(v, Trip.of(Mode.GENERATED).read(runtime, 1)[0]);
            Graphs.assertIsomorphic(v, Trip.of(Mode.INTERPRETED).read(runtime, 1)[0]);
            Graphs.assertIsomorphic(v, Trip.of(Mode.RUNTIME).read(interpreted, 1)[0]);
        }
    }

    @Test
    void generatedMarshallerIsPreferredWhenPresent() {
        UkaSerializer gen = new UkaSerializer(Trip.config(Mode.GENERATED).build());
        UkaSerializer run = new UkaSerializer(Trip.config(Mode.RUNTIME).build());
        assertEquals("org.karmi.serial.model.Node$$KarmiMarshaller", marshallerOf(gen, Node.class));
        UkaSerializer interpreted = new UkaSerializer(Trip.config(Mode.INTERPRETED).build());
        assertTrue(marshallerOf(run, Node.class).startsWith("HiddenMarshaller"), marshallerOf(run, Node.class));
        assertTrue(marshallerOf(gen, PlainNode.class).startsWith("HiddenMarshaller"));
        assertEquals("FieldMarshaller", marshallerOf(interpreted, Node.class));
    }

    private static String marshallerOf(UkaSerializer s, Class<?> c) {
        try {
            java.lang.reflect.Field f = UkaSerializer.class.getDeclaredField("registry");
            f.setAccessible(true);
            Object m = ((org.karmi.serial.internal.ClassRegistry) f.get(s)).info(c).marshaller;
            return m.getClass().getName().startsWith("org.karmi.serial.internal.")
                    ? m.getClass().getSimpleName() : m.getClass().getName();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
