package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.StreamCorruptedException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.karmi.serial.Trip.Mode;
import org.karmi.serial.hooks.Hooked;
import org.karmi.serial.model.Blank;
import org.karmi.serial.model.Node;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.ThreadMXBean;

/**
 * The per-message element budget of the reader: arrays and collections nested inside each other,
 * each claiming about all the bytes left, are refused once their claims pass twice the message's
 * bytes plus 4096, after allocating a small multiple of the message (issue 11), while legitimate
 * messages, even the densest, are read whole. The hostile messages are sized so that what the
 * reader would allocate without the budget (1000 nested claims) is at least twice this JVM's
 * heap: without it, the reader runs out of memory.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ElementBudgetTest {

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    /** Bytes of a reference slot: what one element of a claimed length costs at least. */
    private static final int SLOT_BYTES = compressedOops() ? 4 : 8;
    /** Nested claims a stream makes: the depth limit (1000) and one more. */
    private static final int LEVELS = 1001;
    /** The hostile message's size: 1000 levels of one slot for each byte (or two) come to two heaps or more. */
    private static final int MESSAGE_BYTES = (int) Math.min(Math.max(1 << 20,
            Runtime.getRuntime().maxMemory() / 1000), 64 << 20);
    /** What a refused hostile message may make this thread allocate: 16 x its size (4-byte slots) and some. */
    private static final long ALLOWED_BYTES = 4L * SLOT_BYTES * MESSAGE_BYTES + (1 << 20);

    private static boolean compressedOops() {
        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        return !"false".equals(hs.getVMOption("UseCompressedOops").getValue());
    }

    @BeforeAll
    static void warmUp() throws Exception {
        // classes the reads below load are not the reads' allocations
        Trip trip = Trip.of(Mode.RUNTIME);
        trip.roundTrip(new ArrayList<>(List.of(new Object[1], new HashMap<>(Map.of(1, 2)), new HashSet<>(Set.of(3)),
                List.of(4), new Hooked(5))));
        assertThrows(StreamCorruptedException.class, () -> trip.read(Trip.unhex("3e 16 05"), 1));
    }

    /**
     * A message of {@code bytes} bytes: graph flag, then {@link #LEVELS} times the header
     * {@code type}, a length claiming all the bytes left ({@code minBytes} each), the bytes
     * {@code before} (elements read before the nested one, so that a hash table is made), and
     * the next level as the following element; {@code null}s to the end.
     */
    private static byte[] nestedClaims(int type, int minBytes, byte[] before, int bytes) {
        byte[] b = new byte[bytes];
        int p = 0;
        b[p++] = 0x3e;
        for (int level = 0; level < LEVELS && p + 6 + before.length < bytes; level++) {
            b[p++] = (byte) type;
            int length = (bytes - p - 5) / minBytes; // at most 5 varint bytes: the rest is at least length * minBytes
            do {
                b[p++] = (byte) (length > 0x7F ? (length & 0x7F) | 0x80 : length);
                length >>>= 7;
            } while (length != 0);
            System.arraycopy(before, 0, b, p, before.length);
            p += before.length;
        }
        return b;
    }

    /** Reads {@code bytes}, which must be refused for the element budget; returns the bytes this thread allocated. */
    private static long refusedForTheBudget(byte[] bytes, String what) {
        Trip trip = Trip.of(Mode.RUNTIME);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, () -> trip.read(bytes, 1), what);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertTrue(e.getMessage().contains("past its limit of " + (2L * bytes.length + 4096) + " (2 x its "
                + bytes.length + " bytes + 4096)"), () -> what + ": " + e.getMessage());
        return allocated;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "Object[],         22, 1, ''",
        "ArrayList,        23, 1, 00",
        "ArrayDeque,       25, 1, ''",
        "HashMap,          26, 2, 000000",
        "LinkedHashMap,    27, 2, 000000",
        "HashSet,          29, 1, 00",
        "List.of,          32, 1, ''",
        "Map.of,           34, 2, 0901000000",
    })
    void nestedClaimsOfTheWholeMessageAreRefusedAfterASmallMultipleOfIt(String what, int type, int minBytes,
            String before) {
        byte[] bytes = nestedClaims(type, minBytes, Trip.unhex(before), MESSAGE_BYTES);
        long naive = (long) LEVELS * SLOT_BYTES * (MESSAGE_BYTES / minBytes);
        assertTrue(naive > 2 * Runtime.getRuntime().maxMemory(), "the stream must not fit this heap without the budget");
        long allocated = refusedForTheBudget(bytes, what);
        assertTrue(allocated < ALLOWED_BYTES, () -> what + ": allocated " + allocated + " bytes reading a message of "
                + MESSAGE_BYTES + " bytes, allowed " + ALLOWED_BYTES);
    }

    @Test
    void arrayInsideAJdkSerializedObjectCountsAgainstTheBudget() throws Exception {
        // a Hooked object's nested JDK stream replaced by an int[] claiming 2^28 elements (1 GiB):
        // the JDK stream checks no length against its bytes, so only the budget stops it
        byte[] good = Trip.of(Mode.RUNTIME).write(new Hooked(5));
        ByteArrayOutputStream jdk = new ByteArrayOutputStream();
        try (ObjectOutputStream oos = new ObjectOutputStream(jdk)) {
            oos.writeObject(new int[] {0x11223344});
        }
        String array = Trip.hex(jdk.toByteArray()).replace("0000000111223344", "1000000011223344");
        String hex = Trip.hex(good);
        int blob = hex.indexOf("aced0005");
        assertTrue(blob > 8, hex);
        String length = Trip.hex(new byte[] {(byte) (array.length() / 2), 0, 0, 0});
        byte[] bad = Trip.unhex(hex.substring(0, blob - 8) + length + array);
        long allocated = refusedForTheBudget(bad, "int[] in a JDK-serialized object");
        assertTrue(allocated < (1 << 20), () -> "allocated " + allocated + " bytes");
        Trip trip = Trip.of(Mode.RUNTIME);
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, () -> trip.read(bad, 1));
        assertTrue(e.getMessage().contains("int[] of 268435456 elements in a JDK-serialized object"), e.getMessage());
    }

    @Test
    void largeLegitimateMessagesAreReadWhole() throws Exception {
        Trip trip = Trip.of(Mode.RUNTIME);
        float[] floats = new float[20_000];
        for (int i = 0; i < floats.length; i++) {
            floats[i] = i * 0.5f;
        }
        assertArrayEquals(floats, trip.roundTrip(floats));
        ArrayList<Integer> ints = IntStream.range(0, 100_000).boxed().collect(Collectors.toCollection(ArrayList::new));
        assertEquals(ints, trip.roundTrip(ints));
        Node tree = Node.tree(10_000);
        Graphs.assertIsomorphic(tree, trip.roundTrip(tree));
        HashMap<Integer, String> map = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            map.put(i, i % 7 == 0 ? null : "v");
        }
        assertEquals(map, trip.roundTrip(map));
    }

    @Test
    void densestLegitimateMessagesStayWithinTheBudget() throws Exception {
        // one byte an element: a hash set's table counts twice, so this is the most a message can claim
        Trip trip = Trip.of(Mode.RUNTIME);
        HashSet<Object> blanks = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            blanks.add(new Blank());
        }
        Object[] nulls = new Object[100_000];
        ArrayList<Object> mixed = new ArrayList<>(List.of(blanks, nulls, new ArrayList<>(java.util.Arrays.asList(nulls)),
                new HashMap<>(Map.of(1, 2))));
        byte[] bytes = trip.write(mixed);
        Object back = trip.read(bytes, 1)[0];
        assertEquals(4, ((List<?>) back).size());
        assertEquals(100_000, ((Set<?>) ((List<?>) back).get(0)).size());
        assertEquals(100_000, ((Object[]) ((List<?>) back).get(1)).length);
    }

    @Test
    void budgetIsPerMessage() throws Exception {
        // each message claims more than half its budget: the second read fails unless begin renews it
        Trip trip = Trip.of(Mode.RUNTIME);
        HashSet<Object> blanks = new HashSet<>();
        for (int i = 0; i < 50_000; i++) {
            blanks.add(new Blank());
        }
        byte[] bytes = trip.write(blanks);
        for (int i = 0; i < 3; i++) {
            assertEquals(50_000, ((Set<?>) trip.read(bytes, 1)[0]).size());
        }
    }
}
