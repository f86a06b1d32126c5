package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.StreamCorruptedException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.Trip.Mode;
import org.karmi.serial.hooks.Hooked;
import org.karmi.serial.model.GNode;
import org.karmi.serial.model.Int4Null2;
import org.karmi.serial.model.Node;
import org.karmi.serial.model.PlainNode;

/** Hand-made hostile streams: each gives the declared exception naming what was wrong, and nothing else. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class HostileInputTest {

    private static <T extends Throwable> T refused(Class<T> type, byte[] bytes, String messagePart) {
        return refused(Trip.of(Mode.RUNTIME), type, bytes, messagePart);
    }

    private static <T extends Throwable> T refused(Trip trip, Class<T> type, byte[] bytes, String messagePart) {
        T e = assertThrows(type, () -> trip.read(bytes, 1));
        assertTrue(e.getMessage().contains(messagePart), () -> "message: " + e.getMessage());
        return e;
    }

    @Test
    void hugeStringLengthIsRefusedBeforeAllocating() {
        refused(StreamCorruptedException.class, Trip.unhex("3e 04 feffffff0f 41"), "needed 2147483647 bytes");
    }

    @Test
    void hugeArrayLengthsAreRefusedBeforeAllocating() {
        refused(StreamCorruptedException.class, Trip.unhex("3e 11 ffffff7f 00"), "length 268435455");
        refused(StreamCorruptedException.class, Trip.unhex("3e 16 ffffffff07"), "length 2147483647");
        refused(StreamCorruptedException.class, Trip.unhex("3e 17 ffffffff07"), "length 2147483647");
        refused(StreamCorruptedException.class, Trip.unhex("3e 1a ffffff7f 00"), "length");
    }

    @Test
    void overlongVarintIsRefused() {
        refused(StreamCorruptedException.class, Trip.unhex("3e ffffffffff01"), "varint");
    }

    @Test
    void deepNestingIsRefusedAtTheLimit() {
        byte[] b = new byte[1 + 2 * 5000 + 1];
        b[0] = 62; // graph flag
        for (int i = 0; i < 5000; i++) {
            b[1 + 2 * i] = 22; // Object[]
            b[1 + 2 * i + 1] = 1; // of one element
        }
        refused(StreamCorruptedException.class, b, "nested deeper than");
    }

    @Test
    void tooManyObjectsAreRefused() throws Exception {
        Trip trip = new Trip(Trip.config(Mode.RUNTIME).maxObjects(100).build());
        byte[] many = Trip.of(Mode.RUNTIME).write(new java.util.ArrayList<>(Arrays.asList(new String[200])).stream()
                .map(x -> "s").collect(java.util.stream.Collectors.toCollection(java.util.ArrayList::new)));
        // every "s" after the first is a back-reference; make them distinct objects instead
        byte[] distinct = Trip.of(Mode.RUNTIME).write(new java.util.ArrayList<>(java.util.stream.IntStream.range(0, 200)
                .mapToObj(Integer::toString).toList()));
        refused(trip, StreamCorruptedException.class, distinct, "more than 100 objects");
        assertTrue(many.length > 0);
    }

    @Test
    void unknownClassNamesItselfAndTheLoader() throws Exception {
        byte[] good = Trip.of(Mode.RUNTIME).write(new PlainNode(1, "x"));
        String hex = Trip.hex(good).replace(Trip.hex("org.karmi.serial.model.PlainNode".getBytes()),
                Trip.hex("org.karmi.serial.model.Missing!!".getBytes()));
        ClassNotFoundException e = refused(ClassNotFoundException.class, Trip.unhex(hex),
                "class org.karmi.serial.model.Missing!! not found through class loader");
        assertTrue(e.getMessage().contains(Trip.class.getClassLoader().toString()), e.getMessage());
    }

    @Test
    void truncatedStreamsAreRefusedAtEveryCut() throws Exception {
        GNode g = new GNode(5);
        g.name = "name";
        g.payload = Node.tree(15);
        g.next = g;
        g.children = new java.util.ArrayList<>(java.util.List.of(new Hooked(1), new float[10]));
        byte[] full = Trip.of(Mode.RUNTIME).write(g);
        for (int cut = 0; cut < full.length; cut++) {
            byte[] part = Arrays.copyOf(full, cut);
            assertThrows(StreamCorruptedException.class, () -> Trip.of(Mode.RUNTIME).read(part, 1), "cut at " + cut);
        }
    }

    @Test
    void classOutsideTheAllowListIsRefused() throws Exception {
        byte[] bytes = Trip.of(Mode.RUNTIME).write(new PlainNode(1, "x"));
        Trip strict = new Trip(UkaConfig.defaults());
        refused(strict, InvalidClassException.class, bytes, "org.karmi.serial.model.PlainNode; not allowed");
    }

    @Test
    void filterRefusalWinsOverTheAllowList() throws Exception {
        byte[] bytes = Trip.of(Mode.RUNTIME).write(new PlainNode(1, "x"));
        Trip trip = Trip.of(Mode.RUNTIME);
        trip.filter = ObjectInputFilter.Config.createFilter("!org.karmi.serial.model.PlainNode");
        refused(trip, InvalidClassException.class, bytes, "rejected by the ObjectInputFilter");
    }

    @Test
    void filterAllowingAClassAllowsItsFieldTypes() throws Exception {
        Node tree = Node.tree(7);
        Int4Null2 holder = new Int4Null2(1, 2, 3, 4);
        holder.p = tree;
        byte[] bytes = Trip.of(Mode.RUNTIME).write(tree);
        Trip trip = new Trip(UkaConfig.defaults());
        trip.filter = ObjectInputFilter.Config.createFilter("org.karmi.serial.model.Node");
        Graphs.assertIsomorphic(tree, trip.read(bytes, 1)[0]);
        // Int4Null2's fields are declared Object: a Node inside it is not allowed implicitly
        byte[] nested = Trip.of(Mode.RUNTIME).write(holder);
        trip.filter = ObjectInputFilter.Config.createFilter("org.karmi.serial.model.Int4Null2");
        refused(trip, InvalidClassException.class, nested, "org.karmi.serial.model.Node; not allowed");
    }

    @Test
    void filterAlsoGuardsClassesInsideJdkSerializedObjects() throws Exception {
        byte[] bytes = Trip.of(Mode.RUNTIME).write(new Hooked(4));
        Trip trip = new Trip(UkaConfig.builder().allow(Hooked.class).build());
        trip.read(bytes, 1);
        trip.filter = ObjectInputFilter.Config.createFilter("maxdepth=0");
        assertThrows(InvalidClassException.class, () -> trip.read(bytes, 1));
    }

    @Test
    void classWhoseLayoutDiffersIsRefused() throws Exception {
        byte[] good = Trip.of(Mode.RUNTIME).write(new PlainNode(1, "x"));
        byte[] bad = good.clone();
        int at = 5 + "org.karmi.serial.model.PlainNode".length(); // flag, 02, id, kind, length, name
        bad[at] ^= 1; // fingerprint
        refused(InvalidClassException.class, bad, "local class does not match the stream");
        byte[] kind = good.clone();
        kind[3] = 4; // kind jdk
        refused(InvalidClassException.class, kind, "local class does not match the stream");
    }

    @Test
    void fieldOfTheWrongTypeIsRefused() throws Exception {
        PlainNode p = new PlainNode(1, "x");
        byte[] good = Trip.of(Mode.RUNTIME).write(p);
        // last byte is the 'other' field (null): make it a String instead of a PlainNode
        byte[] bad = Arrays.copyOf(good, good.length + 2);
        bad[good.length - 1] = 4;
        bad[good.length] = 2;
        bad[good.length + 1] = 'y';
        refused(StreamCorruptedException.class, bad, "field other of org.karmi.serial.model.PlainNode");
    }

    @Test
    void badBackReferencesAndNumbersAreRefused() {
        refused(StreamCorruptedException.class, Trip.unhex("3f 0105"), "back-reference to object 5");
        refused(StreamCorruptedException.class, Trip.unhex("3e 50"), "unknown class number 16");
        refused(StreamCorruptedException.class, Trip.unhex("3e 3f"), "unknown built-in type number 63");
        refused(StreamCorruptedException.class, Trip.unhex("3e 03"), "no RemoteObjectCodec");
        refused(StreamCorruptedException.class, Trip.unhex("3e 0205"), "class definition number 5");
        // a list that contains itself through List.of cannot be built: refused, not half-built
        refused(StreamCorruptedException.class, Trip.unhex("3f 20 01 0100"), "back-reference to object 0");
    }

    @Test
    void graphFlagIsCheckedAndABackReferenceNeedsIt() {
        // the first non-null object must be preceded by 62 (no back-references) or 63
        refused(StreamCorruptedException.class, Trip.unhex("09 01000000"), "graph flag 9");
        // a back-reference in a message flagged as having none: the reader kept no handles
        refused(StreamCorruptedException.class, Trip.unhex("3e 17 02 04 02 78 01 01"),
                "graph flag says it has none");
        // the same bytes flagged 63 are the list of one shared string
        assertEquals(List.of("x", "x"), assertDoesNotThrow(() -> Trip.of(Mode.RUNTIME).read(Trip.unhex("3f 17 02 04 02 78 01 01"), 1)[0]));
    }

    @Test
    void malformedValuesOfBuiltInsAreStreamCorruption() {
        refused(StreamCorruptedException.class, Trip.unhex("3e 28 00000000 0d 01"), "LocalDate"); // month 13
        refused(StreamCorruptedException.class, Trip.unhex("3e 1c 09 01000000 01 00"), "Comparator");
        IOException e = assertThrows(IOException.class, () -> Trip.of(Mode.RUNTIME).read(Trip.unhex("3e 21 02 0400 0400"), 1));
        assertTrue(e instanceof StreamCorruptedException, e.toString()); // duplicate element in Set.of
    }
}
