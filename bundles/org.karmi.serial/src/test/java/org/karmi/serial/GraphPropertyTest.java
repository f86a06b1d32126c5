package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.karmi.serial.Trip.Mode;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/**
 * Property-based round trips over random values and random graphs (sharing, cycles, nulls,
 * subclasses, the paper's objects), with generated and with run-time marshallers. jqwik prints
 * the seed of a failing run; each graph is also built from a printed seed.
 */
class GraphPropertyTest {

    @Property(tries = 300)
    void randomGraphsKeepValuesAndIdentityWithGeneratedMarshallers(@ForAll long seed) throws Exception {
        check(Mode.GENERATED, seed);
    }

    @Property(tries = 300)
    void randomGraphsKeepValuesAndIdentityWithRunTimeMarshallers(@ForAll long seed) throws Exception {
        check(Mode.RUNTIME, seed);
    }

    @Property(tries = 300)
    void randomGraphsKeepValuesAndIdentityWithInterpretedMarshallers(@ForAll long seed) throws Exception {
        check(Mode.INTERPRETED, seed);
    }

    private static void check(Mode mode, long seed) throws Exception {
        Object graph = Graphs.randomGraph(seed);
        try {
            Trip trip = Trip.of(mode);
            // twice over one connection: the second message uses the type table of the first
            Graphs.assertIsomorphic(graph, trip.roundTrip(graph));
            Graphs.assertIsomorphic(graph, trip.roundTrip(graph));
        } catch (Exception | AssertionError e) {
            throw new AssertionError("graph seed " + seed + " (" + mode + "): " + e, e);
        }
    }

    @Property(tries = 200)
    void randomStringsRoundTrip(@ForAll String s) throws Exception {
        assertEquals(s, Trip.of(Mode.RUNTIME).roundTrip(s));
    }

    @Property(tries = 200)
    void randomValueCollectionsRoundTrip(@ForAll @Size(max = 20) List<Integer> ints, @ForAll @Size(max = 10) Map<String, Long> map,
                                         @ForAll int[] array, @ForAll double[] doubles) throws Exception {
        Trip trip = Trip.of(Mode.RUNTIME);
        Object[] copy = trip.read(trip.write(new ArrayList<>(ints), new java.util.HashMap<>(map), array, doubles,
                List.copyOf(ints)), 5);
        assertEquals(ints, copy[0]);
        assertEquals(map, copy[1]);
        assertArrayEquals(array, (int[]) copy[2]);
        assertArrayEquals(doubles, (double[]) copy[3]);
        assertEquals(ints, copy[4]);
    }

    @Example
    void aKnownTrickyGraphRoundTrips() throws Exception {
        for (long seed = 0; seed < 50; seed++) {
            check(Mode.GENERATED, seed);
        }
    }
}
