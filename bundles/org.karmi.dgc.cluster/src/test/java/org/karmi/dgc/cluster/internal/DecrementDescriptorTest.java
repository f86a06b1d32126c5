package org.karmi.dgc.cluster.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StreamCorruptedException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/** The DECREMENT message: its exact bytes, its split, and what a malformed one does (nothing). */
class DecrementDescriptorTest {

    private static final long SELF = 0xa;
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void anOwnAndAThirdNodesEntryHaveTheseBytes() {
        Map<ObjectId, long[]> d = new LinkedHashMap<>();
        d.put(new ObjectId(SELF, 7), new long[] {2});
        d.put(new ObjectId(0xc, 9), new long[] {1});
        List<byte[]> m = DecrementDescriptor.encode(SELF, d, 1024);
        assertEquals(1, m.size());
        assertEquals("11" + "0100" + "0100"
                + "0700000000000000" + "02000000"
                + "0c00000000000000" + "0900000000000000" + "01000000", HEX.formatHex(m.get(0)));
        assertEquals(DecrementDescriptor.length(1, 1), m.get(0).length);
        assertEquals(37, m.get(0).length);
    }

    @Test
    void decodingGivesBackWhatWasEncoded() throws Exception {
        Map<ObjectId, long[]> d = new LinkedHashMap<>();
        for (int i = 0; i < 30; i++) {
            d.put(new ObjectId(i % 3 == 0 ? 0xc : SELF, i), new long[] {i + 1});
        }
        Map<ObjectId, Long> got = new LinkedHashMap<>();
        for (byte[] m : DecrementDescriptor.encode(SELF, d, 7)) {
            assertTrue(DecrementDescriptor.entries(m) <= 7);
            WireBuffer in = at(11, m);
            DecrementDescriptor.check(in, SELF);
            DecrementDescriptor.apply(in, SELF, (id, n) -> got.merge(id, n, Long::sum));
            assertEquals(in.limit, in.position, "consumed");
        }
        assertEquals(d.size(), got.size());
        d.forEach((id, n) -> assertEquals(n[0], got.get(id)));
    }

    @Test
    void aCountBeyondAnIntBecomesSeveralEntries() throws Exception {
        long huge = 3L * Integer.MAX_VALUE + 5;
        List<byte[]> m = DecrementDescriptor.encode(SELF, Map.of(new ObjectId(SELF, 1), new long[] {huge}), 1024);
        assertEquals(4, DecrementDescriptor.entries(m.get(0)));
        long[] sum = new long[1];
        WireBuffer in = at(0, m.get(0));
        DecrementDescriptor.check(in, SELF);
        DecrementDescriptor.apply(in, SELF, (id, n) -> sum[0] += n);
        assertEquals(huge, sum[0]);
    }

    @Test
    void malformedMessagesAreRefusedWithTheReason() {
        byte[] good = DecrementDescriptor.encode(SELF, Map.of(new ObjectId(SELF, 1), new long[] {1}), 1).get(0);
        assertRefused("shorter than its header", new byte[4]);
        assertRefused("shorter than its header", new byte[0]);
        assertRefused("unknown version/kind 0x21", with(good, 0, 0x21));
        assertRefused("claims 0 + 0 entries", HEX.parseHex("1100000000"));
        assertRefused("claims 1 + 0 entries", java.util.Arrays.copyOf(good, good.length - 1));
        assertRefused("claims 1 + 0 entries", java.util.Arrays.copyOf(good, good.length + 1));
        assertRefused("claims 65535 + 65535 entries", HEX.parseHex("11ffffffff"));
        assertRefused("count 0", with(good, 13, 0));
        assertRefused("count -1", withInt(good, 13, -1));
        byte[] third = DecrementDescriptor.encode(0xb, Map.of(new ObjectId(0xc, 1), new long[] {1}), 1).get(0);
        assertRefused("names the receiver's object as a third node's", third, 0xc);
    }

    @Test
    void aMalformedMessageChangesNothingAndIsCounted() {
        ClusterCollector c = new ClusterCollector(ClusterConfig.defaults(), false);
        Sim sim = new Sim(ClusterConfig.defaults());
        Sim.Node self = sim.add(SELF, true);
        c.start(self);
        ObjectId x = new ObjectId(SELF, 1);
        c.referenceSent(x, 0xb);
        byte[] good = DecrementDescriptor.encode(SELF, Map.of(x, new long[] {1}), 1).get(0);
        c.onMessage(0xb, at(0, java.util.Arrays.copyOf(good, good.length - 1)));
        c.onMessage(0xb, at(0, with(good, 0, 0x12)));
        assertEquals(2, c.counters().malformedMessages());
        assertTrue(c.isReferenced(x));
        c.onMessage(0xb, at(3, good));
        assertEquals(0, c.counters().ownedEntries());
    }

    @Property(tries = 2000)
    void arbitraryBytesNeverThrowAndAreCountedUnlessWellFormed(@ForAll @Size(max = 80) byte[] bytes) {
        ClusterCollector c = new ClusterCollector(ClusterConfig.defaults(), false);
        c.start(new Sim(ClusterConfig.defaults()).add(SELF, true));
        c.referenceSent(new ObjectId(SELF, 1), 0xb);
        c.referenceReceived(new ObjectId(0xc, 1), List.of(), 0xc, List.<Utid>of(), true);
        c.referenceSent(new ObjectId(0xc, 1), 0xb);
        boolean wellFormed;
        try {
            DecrementDescriptor.check(at(0, bytes), SELF);
            wellFormed = true;
        } catch (StreamCorruptedException e) {
            wellFormed = false;
        }
        c.onMessage(0xb, at(2, bytes));
        assertEquals(wellFormed ? 0 : 1, c.counters().malformedMessages());
    }

    @Property(tries = 500)
    void wellFormedMessagesAlwaysPassTheCheck(@ForAll @Size(min = 1, max = 40) List<@net.jqwik.api.constraints.IntRange(
            min = 1, max = 5) Integer> counts) throws Exception {
        Map<ObjectId, long[]> d = new LinkedHashMap<>();
        for (int i = 0; i < counts.size(); i++) {
            d.put(new ObjectId(i % 2 == 0 ? SELF : 0xc, i), new long[] {counts.get(i)});
        }
        for (byte[] m : DecrementDescriptor.encode(SELF, d, 1 + counts.size() / 3)) {
            assertEquals(DecrementDescriptor.entries(m), DecrementDescriptor.check(at(1, m), SELF));
        }
    }

    private static void assertRefused(String why, byte[] message) {
        assertRefused(why, message, SELF);
    }

    private static void assertRefused(String why, byte[] message, long self) {
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class,
                () -> DecrementDescriptor.check(at(5, message), self));
        assertTrue(e.getMessage().contains(why), e.getMessage());
    }

    /** {@code message} in a buffer at {@code offset}, with spare bytes after it. */
    private static WireBuffer at(int offset, byte[] message) {
        WireBuffer b = new WireBuffer(offset + message.length + 9);
        System.arraycopy(message, 0, b.array, offset, message.length);
        b.flipForRead(offset, offset + message.length);
        return b;
    }

    private static byte[] with(byte[] m, int index, int value) {
        byte[] c = m.clone();
        c[index] = (byte) value;
        return c;
    }

    private static byte[] withInt(byte[] m, int index, int value) {
        byte[] c = m.clone();
        WireBuffer.putInt(c, index, value);
        return c;
    }
}
