package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.Trip.Mode;
import org.karmi.serial.hooks.Ext;
import org.karmi.serial.hooks.Hooked;
import org.karmi.serial.model.Color;
import org.karmi.serial.model.GNode;
import org.karmi.serial.model.GNodeSub;
import org.karmi.serial.model.Int32;
import org.karmi.serial.model.Node;
import org.karmi.serial.model.PlainNode;
import org.karmi.serial.model.Point;

/**
 * Fuzzes the reader: seeded random mutations (bit flips, random and boundary bytes, varint-like
 * runs, cuts, splices) of valid messages, for a bounded time ({@code -Dkarmi.fuzz.seconds},
 * default 10; CI passes 60), plus the kept regression corpus under {@code src/test/resources/fuzz}.
 * Every input must either read or fail with an {@link IOException} or
 * {@link ClassNotFoundException}; anything else (a RuntimeException, an Error, a hang) fails the
 * test and prints the input as hex, to be added to the corpus.
 */
class FuzzTest {

    private static final String[] CORPUS = {"deep-truncated.hex", "empty-class-name.hex", "self-list.hex",
        "treemap-string-comparator.hex", "varint-overflow.hex"};

    private static List<byte[]> seeds() throws IOException {
        GNode g = new GNode(1);
        g.name = "g";
        g.next = g;
        g.payload = new Hooked(2);
        g.children = new ArrayList<>(List.of(Color.GREEN, new Point(1, 2, "p"), new Ext("e", 3)));
        GNodeSub s = new GNodeSub(2, 3);
        s.payload = new int[] {1, 2, 3};
        PlainNode p = new PlainNode(1, "p");
        p.setOther(p);
        Map<Object, Object> map = new HashMap<>(Map.of("k", List.of(1, 2), 3, new TreeMap<>(Map.of("a", 1.5))));
        List<byte[]> seeds = new ArrayList<>();
        for (Object o : List.of(g, s, p, map, Node.tree(15), Int32.random(new Random(1)), new float[20],
                "grüße \u20ac", new Object[] {null, "x", 1L, java.time.LocalDate.of(2020, 1, 2)})) {
            seeds.add(Trip.of(Mode.GENERATED).write(o));
        }
        return seeds;
    }

    /** Reads one input; returns a description of a wrong outcome, or null. */
    private static final UkaSerializer SERIALIZER = new UkaSerializer(Trip.config(Mode.RUNTIME).build());

    private static String tryRead(byte[] input) {
        Trip trip = new Trip(SERIALIZER);
        try {
            trip.read(input, 1);
        } catch (IOException | ClassNotFoundException expected) {
            return null;
        } catch (AssertionError leftOver) {
            return null; // bytes left unread: a valid prefix
        } catch (Throwable t) {
            return t + " for input " + Trip.hex(input);
        }
        return null;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void regressionCorpusIsRefusedCleanly() throws IOException {
        for (String name : CORPUS) {
            try (InputStream in = FuzzTest.class.getResourceAsStream("/fuzz/" + name)) {
                String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
                StringBuilder hex = new StringBuilder();
                for (String line : text.split("\n")) {
                    if (!line.startsWith("#")) {
                        hex.append(line.trim());
                    }
                }
                String wrong = tryRead(Trip.unhex(hex.toString()));
                assertFalse(wrong != null, name + ": " + wrong);
            }
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void mutatedStreamsFailOnlyWithDeclaredExceptions() throws IOException {
        long seed = Long.getLong("karmi.fuzz.seed", System.nanoTime());
        long seconds = Long.getLong("karmi.fuzz.seconds", 10);
        System.out.println("FuzzTest seed " + seed + " for " + seconds + " s (-Dkarmi.fuzz.seed=" + seed + " repeats it)");
        Random r = new Random(seed);
        List<byte[]> seeds = seeds();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long runs = 0;
        while (System.nanoTime() < end) {
            byte[] input = mutate(r, seeds.get(r.nextInt(seeds.size())), seeds);
            String wrong = tryRead(input);
            runs++;
            assertFalse(wrong != null, "seed " + seed + ", run " + runs + ": " + wrong);
        }
        System.out.println("FuzzTest: " + runs + " inputs");
    }

    private static byte[] mutate(Random r, byte[] seed, List<byte[]> seeds) {
        byte[] b = seed.clone();
        int n = 1 + r.nextInt(4);
        for (int k = 0; k < n; k++) {
            if (b.length == 0) {
                break;
            }
            int at = r.nextInt(b.length);
            switch (r.nextInt(7)) {
                case 0: b[at] ^= (byte) (1 << r.nextInt(8)); break;
                case 1: b[at] = (byte) r.nextInt(256); break;
                case 2: b[at] = new byte[] {0, 1, 2, 3, 0x3f, 0x40, 0x7f, (byte) 0x80, (byte) 0xff}[r.nextInt(9)]; break;
                case 3: {
                    int len = Math.min(b.length - at, 1 + r.nextInt(5));
                    Arrays.fill(b, at, at + len, (byte) 0xff);
                    break;
                }
                case 4: b = Arrays.copyOf(b, at); break;
                case 5: {
                    byte[] other = seeds.get(r.nextInt(seeds.size()));
                    int from = r.nextInt(other.length);
                    int len = Math.min(other.length - from, b.length - at);
                    System.arraycopy(other, from, b, at, len);
                    break;
                }
                default: {
                    byte[] longer = new byte[b.length + 1];
                    System.arraycopy(b, 0, longer, 0, at);
                    longer[at] = (byte) r.nextInt(256);
                    System.arraycopy(b, at, longer, at + 1, b.length - at);
                    b = longer;
                    break;
                }
            }
        }
        return b;
    }
}
