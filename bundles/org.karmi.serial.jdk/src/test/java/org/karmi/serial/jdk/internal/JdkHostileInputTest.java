package org.karmi.serial.jdk.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectStreamConstants;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile streams through the jdk serializer, as the uka serializer's hostile-input and fuzz
 * tests: sizes the message cannot back are refused before anything is allocated, graphs are
 * bounded in depth and references, and any malformed message is an {@link IOException} (or a
 * {@link ClassNotFoundException}), never a hang, an {@link OutOfMemoryError} or a runtime exception.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JdkHostileInputTest {

    /** A graph with every kind of record JDK serialization writes. */
    static final class Graph implements Serializable {
        private static final long serialVersionUID = 1L;
        String name = "graph";
        int[] numbers = {1, 2, 3};
        List<Object> list = new ArrayList<>(List.of("a", 7L, TimeUnitHolder.SECONDS));
        Map<String, Object> map = new HashMap<>(Map.of("k", new double[] {1.5}));
        Graph next;
        Object self;
    }

    enum TimeUnitHolder { SECONDS }

    private static Graph graph() {
        Graph g = new Graph();
        g.next = new Graph();
        g.self = g;
        return g;
    }

    private final JdkStreams.Reader reader = new JdkStreams.Reader();

    private <T extends Throwable> T refused(Class<T> type, byte[] message, String part) {
        T e = assertThrows(type, () -> reader.read(message, JdkStreams.declaring(Graph.class, TimeUnitHolder.class)));
        assertTrue(e.getMessage().contains(part), () -> "message: " + e.getMessage());
        return e;
    }

    @Test
    void hugeArrayLengthsAreRefusedBeforeAllocating() throws Exception {
        refused(InvalidClassException.class, JdkStreams.arrayClaiming("[I", Integer.MAX_VALUE, 0),
                "array of 2147483647 elements");
        refused(InvalidClassException.class, JdkStreams.arrayClaiming("[J", 100_000, 8),
                "more than a message of");
        refused(InvalidClassException.class, JdkStreams.arrayClaiming("[Ljava.lang.Object;", Integer.MAX_VALUE, 3),
                "array of 2147483647 elements");
        // what the message can back passes
        byte[] ok = JdkStreams.arrayClaiming("[Ljava.lang.Object;", 3, 3);
        assertArrayEquals(new Object[3], (Object[]) reader.read(ok, null));
    }

    @Test
    void negativeArrayLengthIsAnIOException() throws Exception {
        // JDK 17 leaves it to the filter ("negative array length -5"), later JDKs check it first
        refused(IOException.class, JdkStreams.arrayClaiming("[Ljava.lang.Object;", -5, 0), "negative");
        assertThrows(IOException.class, () -> reader.read(JdkStreams.arrayClaiming("[I", -1, 0), null));
    }

    @Test
    void collectionsClaimingHugeTablesAreRefusedBeforeAllocating() throws Exception {
        // an ArrayList whose size field and a HashMap whose size says 2^30: each asks the filter for its array first
        byte[] list = patchInt(JdkStreams.write(new ArrayList<>(List.of("x", "y"))), 2, 1 << 30);
        refused(InvalidClassException.class, list, "array of 1073741824 elements");
        Map<String, String> five = new HashMap<>();
        for (String k : List.of("a", "b", "c", "d", "e")) {
            five.put(k, "v");
        }
        byte[] map = patchInt(JdkStreams.write(five), 5, 1 << 30);
        refused(InvalidClassException.class, map, "java.util.Map$Entry[]; array of");
    }

    @Test
    void arraysNestedToAmplifyAreBoundedByTheWholeMessage() throws Exception {
        // 200 nested Object[] each claiming 1000 elements, in ~10 kB: each alone fits, together they do not
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(bytes);
        d.writeShort(ObjectStreamConstants.STREAM_MAGIC);
        d.writeShort(ObjectStreamConstants.STREAM_VERSION);
        for (int i = 0; i < 200; i++) {
            d.writeByte(ObjectStreamConstants.TC_ARRAY);
            if (i == 0) {
                d.writeByte(ObjectStreamConstants.TC_CLASSDESC);
                d.writeUTF("[Ljava.lang.Object;");
                d.writeLong(0L);
                d.writeByte(ObjectStreamConstants.SC_SERIALIZABLE);
                d.writeShort(0);
                d.writeByte(ObjectStreamConstants.TC_ENDBLOCKDATA);
                d.writeByte(ObjectStreamConstants.TC_NULL);
            } else {
                d.writeByte(ObjectStreamConstants.TC_REFERENCE);
                d.writeInt(ObjectStreamConstants.baseWireHandle);
            }
            d.writeInt(1000);
        }
        byte[] padded = Arrays.copyOf(bytes.toByteArray(), 10_000);
        refused(InvalidClassException.class, padded, "more than a message of 10000 bytes can carry");
    }

    @Test
    void deepNestingIsRefusedAtTheLimit() throws Exception {
        // the hostile stream is built on a large stack; it is read on a stack of the size this
        // platform gives threads by default (dispatcher threads are such threads), not on the
        // test runner's, whose depth varies
        byte[] tooDeep = onStack(64 << 20, () -> JdkStreams.write((Object) chain(1500)));
        byte[] deep = onStack(64 << 20, () -> JdkStreams.write((Object) chain(900)));
        onStack(0, () -> {
            refused(InvalidClassException.class, tooDeep, "nested deeper than 1000");
            assertEquals(1, ((Object[]) reader.read(deep, null)).length);
            return null;
        });
    }

    @Test
    void nestingBeyondTheThreadsStackIsAClearErrorInBothDirections() throws Exception {
        byte[] deep = onStack(64 << 20, () -> JdkStreams.write((Object) chain(900)));
        onStack(96 << 10, () -> {
            refused(StreamCorruptedException.class, deep, "deeper than this thread's stack allows");
            IOException e = assertThrows(IOException.class, () -> JdkStreams.write((Object) chain(900)));
            assertTrue(e.getMessage().contains("deeper than this thread's stack allows"), e.getMessage());
            return null;
        });
    }

    private static Object[] chain(int depth) {
        Object[] chain = null;
        for (int i = 0; i < depth; i++) {
            chain = new Object[] {chain};
        }
        return chain;
    }

    /** Runs the body on a new thread with the given stack size (0: the platform's default). */
    private static <T> T onStack(long stackSize, Callable<T> body) throws Exception {
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                outcome.set(new Object[] {body.call()});
            } catch (Throwable e) {
                outcome.set(e);
            }
        }, "deep-nesting", stackSize);
        t.start();
        t.join(60_000);
        assertFalse(t.isAlive(), "the body did not end within 60 s");
        Object o = outcome.get();
        if (o instanceof Exception e) {
            throw e;
        }
        if (o instanceof Error e) {
            throw e;
        }
        @SuppressWarnings("unchecked")
        T result = (T) ((Object[]) o)[0];
        return result;
    }

    @Test
    void tooManyReferencesAreRefused() throws Exception {
        JdkStreams.Reader small = new JdkStreams.Reader(new StreamFilter(AllowPatterns.NONE, 1000, 100));
        // the stream counts references where it checks: at class descriptors, arrays and back-references
        ArrayList<Integer> distinct = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            distinct.add(Integer.valueOf(1000 + i));
        }
        byte[] message = JdkStreams.write(distinct);
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> small.read(message, null));
        assertTrue(e.getMessage().contains("more than 100 object references"), e.getMessage());
    }

    @Test
    void unknownClassNamesItselfAndTheLoader() throws Exception {
        byte[] good = JdkStreams.write(graph());
        byte[] bad = replace(good, Graph.class.getName(), Graph.class.getName().replace("Graph", "Grxph"));
        ClassNotFoundException e = assertThrows(ClassNotFoundException.class,
                () -> reader.read(bad, JdkStreams.declaring(Graph.class, TimeUnitHolder.class)));
        assertTrue(e.getMessage().contains("Grxph") && e.getMessage().contains("not found through"), e.getMessage());
    }

    @Test
    void truncatedMessagesAreRefusedAtEveryCut() throws Exception {
        byte[] full = JdkStreams.write(graph(), "tail");
        for (int cut = 0; cut < full.length; cut++) {
            byte[] part = Arrays.copyOf(full, cut);
            assertThrows(IOException.class, () -> reader.read(part, JdkStreams.declaring(Graph.class, TimeUnitHolder.class), 2),
                    "cut at " + cut);
        }
        assertEquals("tail", reader.read(full, JdkStreams.declaring(Graph.class, TimeUnitHolder.class), 2)[1]);
    }

    /**
     * A seeded mutation fuzzer without instrumentation (as the uka serializer's {@code FuzzTest}):
     * bytes of a valid message flipped, inserted, deleted; every outcome is a value or a declared
     * exception. Seconds: {@code -Dkarmi.fuzz.seconds} (default 3), seed printed with a failure.
     */
    @Test
    void mutatedMessagesFailOnlyWithDeclaredExceptions() throws Exception {
        long seed = Long.getLong("karmi.fuzz.seed", System.nanoTime());
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.getLong("karmi.fuzz.seconds", 3));
        Random r = new Random(seed);
        byte[][] seeds = {JdkStreams.write(graph()), JdkStreams.write(new HashMap<>(Map.of("a", List.of(1, 2)))),
                JdkStreams.write(new Object[] {new int[] {1}, "s", 2.0}, new ArrayList<>(List.of("x")))};
        int runs = 0;
        while (System.nanoTime() < until) {
            byte[] m = mutate(seeds[r.nextInt(seeds.length)], r);
            try {
                reader.read(m, JdkStreams.declaring(Graph.class, TimeUnitHolder.class), 1);
            } catch (IOException | ClassNotFoundException expected) {
                // declared outcomes
            } catch (Throwable t) {
                fail("seed " + seed + ", run " + runs + ": " + t, t);
            }
            runs++;
        }
        assertTrue(runs > 100, "only " + runs + " runs");
    }

    private static byte[] mutate(byte[] in, Random r) {
        byte[] b = in.clone();
        int edits = 1 + r.nextInt(4);
        for (int i = 0; i < edits; i++) {
            int at = r.nextInt(b.length);
            switch (r.nextInt(4)) {
                case 0 -> b[at] = (byte) r.nextInt(256);
                case 1 -> b[at] ^= (byte) (1 << r.nextInt(8));
                case 2 -> b = Arrays.copyOf(b, Math.max(1, at));
                default -> {
                    int[] big = {0x7f, 0xff, 0x80, 0x00};
                    b[at] = (byte) big[r.nextInt(big.length)];
                }
            }
        }
        return b;
    }

    /** The message with the first big-endian int equal to {@code old} (a small number) replaced. */
    private static byte[] patchInt(byte[] message, int old, int value) {
        for (int i = 0; i + 4 <= message.length; i++) {
            if (message[i] == 0 && message[i + 1] == 0 && message[i + 2] == 0 && message[i + 3] == old) {
                byte[] b = message.clone();
                b[i] = (byte) (value >>> 24);
                b[i + 1] = (byte) (value >>> 16);
                b[i + 2] = (byte) (value >>> 8);
                b[i + 3] = (byte) value;
                return b;
            }
        }
        throw new AssertionError("no int " + old + " in the message");
    }

    private static byte[] replace(byte[] message, String from, String to) {
        assertEquals(from.length(), to.length());
        byte[] f = from.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] b = message.clone();
        outer:
        for (int i = 0; i + f.length <= b.length; i++) {
            for (int j = 0; j < f.length; j++) {
                if (b[i + j] != f[j]) {
                    continue outer;
                }
            }
            System.arraycopy(to.getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, b, i, f.length);
        }
        return b;
    }
}
