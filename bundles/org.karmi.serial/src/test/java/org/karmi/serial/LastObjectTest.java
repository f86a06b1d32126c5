package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.karmi.serial.Trip.Mode;
import org.karmi.serial.model.Flat;
import org.karmi.serial.model.Int32;
import org.karmi.serial.model.Node;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.spi.transport.WireBuffer;

/**
 * {@code writeLastObject}: the same bytes and meaning as {@code writeObject}; the message's only
 * object of a class without reference fields gets no handle, and the stream refuses an object
 * written after it (whose identity it could no longer tell).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LastObjectTest {

    @ParameterizedTest
    @EnumSource(Mode.class)
    void writesTheBytesOfWriteObjectAndReadsBackEqual(Mode mode) throws Exception {
        Trip last = Trip.of(mode);
        Trip plain = Trip.of(mode);
        Int32 flat = Int32.random(new Random(7));
        Node tree = Node.tree(15);
        float[] floats = {1.5f, -2f, 3.25f};
        for (Object o : new Object[] {flat, tree, floats, "text", null, flat, tree}) {
            byte[] expected = plain.write(o);
            byte[] actual = writeLast(last, o);
            assertArrayEquals(expected, actual, "bytes of " + o);
            Object back = last.read(actual, 1)[0];
            if (o instanceof float[] f) {
                assertArrayEquals(f, (float[]) back);
            } else if (o instanceof Node n) {
                Graphs.assertIsomorphic(n, back);
            } else {
                assertEquals(o, back);
            }
        }
    }

    @Test
    void aFlatClassOfEveryFieldKindReadsBackEqualAndAllThreeMarshallersAgreeOnItsBytes() throws Exception {
        Flat flat = new Flat(-7L, 2.5, (byte) -3, true, '\u20ac', 123456, (short) -300, 0.125f);
        byte[] generated = null;
        for (Mode mode : Mode.values()) {
            Trip trip = Trip.of(mode);
            byte[] bytes = writeLast(trip, flat);
            assertEquals(flat, trip.read(bytes, 1)[0], mode.toString());
            byte[] again = writeLast(trip, flat); // the class is known now: header and block only
            assertEquals(flat, trip.read(again, 1)[0], mode + ", second message");
            if (generated == null) {
                generated = again;
            } else {
                assertArrayEquals(generated, again, mode + " against the generated marshaller");
            }
        }
    }

    @Test
    void aLastObjectMetEarlierInTheMessageStaysTheSameObject() throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        Int32 v = Int32.random(new Random(8));
        Object[] back = trip.read(message(trip, out -> {
            out.writeObject(v);
            out.writeLastObject(v);
        }), 2);
        assertEquals(v, back[0]);
        assertSame(back[0], back[1], "the second is a back-reference to the first");
    }

    @Test
    void aCycleThroughTheLastObjectIsKept() throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        Node n = new Node(1);
        n.setLeft(n); // Node has reference fields: it gets a handle even as the last object
        Node back = (Node) trip.read(writeLast(trip, n), 1)[0];
        assertSame(back, back.left());
    }

    @Test
    void anObjectWrittenAfterAnUnhandledLastObjectIsRefusedAndTheNextMessageIsFine() throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        Int32 v = Int32.random(new Random(9));
        WireBuffer b = trip.writeBuffer;
        b.clearForWrite(0);
        trip.out.begin(b);
        trip.out.writeLastObject(v);
        IOException e = assertThrows(IOException.class, () -> trip.out.writeObject(v));
        assertTrue(e.getMessage().contains("after writeLastObject"), e.getMessage());
        trip.out.resetObjects();
        // the abandoned message leaves nothing behind: a new one may write objects freely
        Object[] back = trip.read(trip.write(v, v), 2);
        assertSame(back[0], back[1]);
    }

    private static byte[] writeLast(Trip trip, Object o) throws IOException {
        return message(trip, out -> out.writeLastObject(o));
    }

    /** One whole message of {@code trip}'s output stream: begin, {@code writes}, finish, reset. */
    private static byte[] message(Trip trip, Writes writes) throws IOException {
        WireBuffer b = trip.writeBuffer;
        b.clearForWrite(0);
        trip.out.begin(b);
        writes.to(trip.out);
        trip.out.finish();
        trip.out.resetObjects();
        return Arrays.copyOf(b.array, b.position);
    }

    @FunctionalInterface
    private interface Writes {
        void to(MarshalOutput out) throws IOException;
    }
}
