package org.karmi.dgc.lease.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.FLAG_STRONG;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_CLEAN;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_DIRTY;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_DIRTY_ANSWER;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.util.HexFormat;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.WireBuffer;

/** The lease collector's wire format: exact bytes, sizes, and refusal of malformed requests and answers. */
class LeaseMessageDescriptorTest {

    static final long OWNER = 0x2a;

    final SimNetwork net = new SimNetwork(50);
    final SimNetwork.Node owner = net.add(OWNER, new LeaseSettings(1000, 20, 3));
    final ObjectId a = new ObjectId(OWNER, 1);

    @Test
    void dirtyOfTwoObjectsHasTheDocumentedBytes() {
        byte[] dirty = LeaseMessageDescriptor.encodeRequest(KIND_DIRTY, 0, 0x0102030405060708L, 9, 600_000,
                new long[] {1, 0x1122});
        assertEquals("01" + "01" + "00" + "00" + "02000000" // version, kind, flags, reserved, n
                + "0807060504030201" // owner node id
                + "0900000000000000" // sequence number
                + "c027090000000000" // requested lease, 600000 ms
                + "0100000000000000" + "2211000000000000", // object numbers
                HexFormat.of().formatHex(dirty));
    }

    @Test
    void strongCleanHasTheFlagAndNoLease() {
        byte[] clean = LeaseMessageDescriptor.encodeRequest(KIND_CLEAN, FLAG_STRONG, 7, 10, 0, new long[] {3});
        assertEquals("01" + "02" + "01" + "00" + "01000000" + "0700000000000000" + "0a00000000000000"
                + "0000000000000000" + "0300000000000000", HexFormat.of().formatHex(clean));
    }

    @Test
    void requestOfNObjectsHas32Plus8NBytesAndAnswersHave16() {
        assertEquals(40, LeaseMessageDescriptor.requestLength(1));
        assertEquals(32 + 8 * 100, LeaseMessageDescriptor.requestLength(100));
        assertEquals(32_800, LeaseMessageDescriptor.requestLength(LeaseMessageDescriptor.MAX_IDS));
        assertEquals(16, LeaseMessageDescriptor.ANSWER_LENGTH);
        assertThrows(IllegalArgumentException.class, () -> LeaseMessageDescriptor.encodeRequest(KIND_DIRTY, 0, 1, 1,
                1, new long[LeaseMessageDescriptor.MAX_IDS + 1]));
    }

    @Test
    void ownerAnswersADirtyWithTheGrantedLeaseAndACleanWithAnEmptyAnswer() throws IOException {
        owner.collector.exported(a);
        RequestBytes r = new RequestBytes(owner);
        r.send(2, KIND_DIRTY, 0, 5, 5_000, a.number());
        assertEquals("0103000000000000e803000000000000", hex(r.answer)); // granted: min(5000, 1000)
        assertEquals(1000, LeaseMessageDescriptor.readAnswer(r.answer, KIND_DIRTY));
        r.send(2, KIND_CLEAN, 0, 6, 0, a.number());
        assertEquals("01040000000000000000000000000000", hex(r.answer));
    }

    @Test
    void malformedRequestsAreRefusedWithAClearMessageAndChangeNothing() {
        owner.collector.exported(a);
        byte[] good = LeaseMessageDescriptor.encodeRequest(KIND_DIRTY, 0, OWNER, 5, 1000, new long[] {a.number()});
        refused(new byte[0], "shorter than its 32-byte header");
        refused(new byte[31], "shorter than its 32-byte header");
        refused(with(good, b -> b[0] = 2), "unsupported version 2");
        refused(with(good, b -> b[1] = KIND_DIRTY_ANSWER), "unknown request kind 3");
        refused(with(good, b -> b[1] = 0), "unknown request kind 0");
        refused(with(good, b -> WireBuffer.putInt(b, 4, -1)), "claims 4294967295 ids, at most 4096");
        refused(with(good, b -> WireBuffer.putInt(b, 4, Integer.MAX_VALUE)), "claims 2147483647 ids");
        refused(with(good, b -> WireBuffer.putInt(b, 4, 2)), "request of 2 ids must have 48 bytes, has 40");
        refused(java.util.Arrays.copyOf(good, good.length + 1), "must have 40 bytes, has 41");
        refused(with(good, b -> WireBuffer.putLong(b, 8, 0x2b)), "request for node 2b reached node 2a");
        refused(with(good, b -> WireBuffer.putLong(b, 16, 0)), "sequence number 0 is not positive");
        refused(with(good, b -> WireBuffer.putLong(b, 16, -5)), "sequence number -5 is not positive");
        refused(with(good, b -> WireBuffer.putLong(b, 24, 0)), "lease 0 in a DIRTY");
        refused(with(good, b -> {
            b[1] = KIND_CLEAN;
            WireBuffer.putLong(b, 24, 7);
        }), "lease 7 in a CLEAN");
        assertEquals(0, owner.collector.ownerEntries());
        assertFalse(owner.collector.isReferenced(a));
    }

    @Test
    void malformedAnswersAreRefused() {
        assertAnswerRefused("0103000000000000e803000000", KIND_DIRTY, "answer of 13 bytes, expected 16");
        assertAnswerRefused("0104000000000000e803000000000000", KIND_DIRTY, "expected version 1 kind 3");
        assertAnswerRefused("0203000000000000e803000000000000", KIND_DIRTY, "answer of version 2");
        assertAnswerRefused("01030000000000000000000000000000", KIND_DIRTY, "granted lease 0 is not positive");
        assertAnswerRefused("0103000000000000e803000000000000", KIND_CLEAN, "expected version 1 kind 4");
    }

    @Test
    void oneWayMessagesAreDropped() {
        WireBuffer m = new WireBuffer(8);
        m.flipForRead(0, 8);
        owner.collector.onMessage(2, m);
        assertEquals(0, m.remaining());
    }

    private void refused(byte[] request, String expected) {
        IOException e = assertThrows(IOException.class, () -> RequestBytes.onRequest(owner.collector, 2, request));
        assertTrue(e instanceof StreamCorruptedException, e.toString());
        assertTrue(e.getMessage().startsWith("malformed lease collector message: "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage() + " should say " + expected);
    }

    private static void assertAnswerRefused(String hex, byte requestKind, String expected) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        WireBuffer in = new WireBuffer(bytes.length);
        System.arraycopy(bytes, 0, in.array, 0, bytes.length);
        in.flipForRead(0, bytes.length);
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class,
                () -> LeaseMessageDescriptor.readAnswer(in, requestKind));
        assertTrue(e.getMessage().contains(expected), e.getMessage() + " should say " + expected);
    }

    private static byte[] with(byte[] good, Consumer<byte[]> change) {
        byte[] b = good.clone();
        change.accept(b);
        return b;
    }

    private static String hex(WireBuffer b) {
        byte[] bytes = new byte[b.remaining()];
        System.arraycopy(b.array, b.position, bytes, 0, bytes.length);
        return HexFormat.of().formatHex(bytes);
    }

    @Test
    void encodedRequestRoundTripsThroughTheAccessors() {
        byte[] r = LeaseMessageDescriptor.encodeRequest(KIND_CLEAN, FLAG_STRONG, OWNER, 77, 0, new long[] {4, 5, 6});
        assertEquals(KIND_CLEAN, LeaseMessageDescriptor.kind(r, 0));
        assertEquals(FLAG_STRONG, LeaseMessageDescriptor.flags(r, 0));
        assertEquals(3, LeaseMessageDescriptor.count(r, 0));
        assertEquals(OWNER, LeaseMessageDescriptor.owner(r, 0));
        assertEquals(77, LeaseMessageDescriptor.sequence(r, 0));
        assertArrayEquals(new long[] {4, 5, 6}, new long[] {LeaseMessageDescriptor.number(r, 0, 0),
                LeaseMessageDescriptor.number(r, 0, 1), LeaseMessageDescriptor.number(r, 0, 2)});
    }
}
