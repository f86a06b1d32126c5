package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StreamCorruptedException;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.Trip.Mode;
import org.karmi.serial.model.Int32;
import org.karmi.serial.model.Node;
import org.karmi.spi.transport.WireBuffer;

/** The two resets: the type table survives {@code resetObjects()} and is forgotten by {@code resetAll()}. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TypeTableTest {

    @Test
    void typeTableSurvivesResetObjectsSoTheSecondMessageIsSmaller() throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        Int32 v = Int32.random(new Random(4));
        byte[] first = trip.write(v);
        assertEquals(v, trip.read(first, 1)[0]);
        byte[] second = trip.write(v);
        assertEquals(v, trip.read(second, 1)[0]);
        // first: graph flag, header 2, id, kind, name, fingerprint; second: flag and one header byte (64)
        assertEquals(1 + 1 + 128, second.length);
        assertEquals(second.length + 1 + 1 + 1 + Int32.class.getName().length() + 4, first.length);
        assertEquals(64, second[1]);
    }

    @Test
    void resetAllForgetsTypesAndTheReaderFollows() throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        Node tree = Node.tree(3);
        byte[] first = trip.write(tree);
        trip.read(first, 1);
        trip.out.resetAll();
        byte[] again = trip.write(tree);
        assertArrayEquals(first, again, "after resetAll the class is announced again, with number 0");
        // the reader was not reset: the definition of number 0 replaces its table from 0 on
        Graphs.assertIsomorphic(tree, trip.read(again, 1)[0]);
        trip.in.resetAll();
        Graphs.assertIsomorphic(tree, trip.read(again, 1)[0]);
    }

    @Test
    void readerThatForgotTypesRefusesAClassNumberItNeverSaw() throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        trip.read(trip.write(Node.tree(1)), 1);
        byte[] second = trip.write(Node.tree(1));
        trip.in.resetAll();
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, () -> trip.read(second, 1));
        assertTrue(e.getMessage().contains("unknown class number 0"), e.getMessage());
    }

    @Test
    void anAbandonedMessageDoesNotLeaveItsAnnouncementsBehind() throws Exception {
        Trip trip = Trip.of(Mode.GENERATED);
        WireBuffer b = new WireBuffer(64);
        trip.out.begin(b);
        trip.out.writeObject(Node.tree(1));
        // no finish(): the message was never sent; the next message must announce Node again
        trip.out.resetObjects();
        byte[] next = trip.write(Node.tree(1));
        assertEquals(2, next[1], "class definition again (after the graph flag)");
        Graphs.assertIsomorphic(Node.tree(1), trip.read(next, 1)[0]);
    }
}
