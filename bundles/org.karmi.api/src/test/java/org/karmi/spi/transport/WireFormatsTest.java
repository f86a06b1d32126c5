package org.karmi.spi.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StreamCorruptedException;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;

class WireFormatsTest {

    private static byte[] bytes(WireBuffer b, int from) {
        byte[] out = new byte[b.position - from];
        System.arraycopy(b.array, from, out, 0, out.length);
        return out;
    }

    @Test
    void wireBufferIsLittleEndianAndGrows() {
        WireBuffer b = new WireBuffer(2);
        b.writeInt(0x01020304);
        b.writeLong(-2L);
        b.writeDouble(1.5);
        assertEquals("04030201" + "feffffffffffffff" + "000000000000f83f", HexFormat.of().formatHex(bytes(b, 0)));
    }

    @Test
    void readingPastTheEndIsATruncatedMessage() throws Exception {
        WireBuffer b = new WireBuffer(16);
        b.writeShort(7);
        b.flipForRead(0, b.position);
        assertEquals(7, b.readShort());
        TruncatedMessageException e = assertThrows(TruncatedMessageException.class, b::readInt);
        assertTrue(e.getMessage().contains("needed 4 bytes"), e.getMessage());
    }

    @Test
    void negativeLengthIsRefusedByRequire() {
        WireBuffer b = new WireBuffer(16);
        b.flipForRead(0, 16);
        assertThrows(TruncatedMessageException.class, () -> b.require(-1));
    }

    @Test
    void utidGoldenBytesAndRoundTrip() throws Exception {
        Utid u = new Utid("tcp", new byte[] {127, 0, 0, 1, 0x33, 0x08});
        WireBuffer b = new WireBuffer(8);
        u.writeTo(b);
        assertEquals("03" + "746370" + "0600" + "7f0000013308", HexFormat.of().formatHex(bytes(b, 0)));
        assertEquals(u.encodedLength(), b.position);
        b.flipForRead(0, b.position);
        assertEquals(u, Utid.readFrom(b));
    }

    @Test
    void utidWithHugeAddressLengthIsRefusedBeforeAllocation() {
        WireBuffer b = new WireBuffer(8);
        b.writeByte(3);
        b.writeBytes("tcp".getBytes(), 0, 3);
        b.writeShort(0xffff);
        b.flipForRead(0, b.position);
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, () -> Utid.readFrom(b));
        assertTrue(e.getMessage().contains("address length 65535"), e.getMessage());
    }

    @Test
    void handshakeRoundTripsAndDetectsMismatches() throws Exception {
        Handshake mine = new Handshake(Handshake.PROTOCOL_VERSION, 0x1234L, "uka", 1,
                List.of(new Utid("tcp", new byte[] {1, 2}), new Utid("parastation", new byte[] {9})));
        WireBuffer b = new WireBuffer(4);
        mine.writeTo(b);
        assertArrayEquals(new byte[] {'K', 'R', 'M', 'I'}, java.util.Arrays.copyOf(b.array, 4));
        b.flipForRead(0, b.position);
        Handshake back = Handshake.readFrom(b);
        assertEquals(0x1234L, back.nodeId());
        assertEquals(mine.utids(), back.utids());
        assertEquals(0, mine.checkCompatible(back));

        Handshake jdk = new Handshake(Handshake.PROTOCOL_VERSION, 0x99L, "jdk", 1, List.of());
        assertEquals(Handshake.REFUSED_SERIALIZER, mine.checkCompatible(jdk));
        assertTrue(mine.refusalMessage(Handshake.REFUSED_SERIALIZER, jdk).contains("uka/1"));
        Handshake future = new Handshake(Handshake.PROTOCOL_VERSION + 1, 0x99L, "uka", 1, List.of());
        assertEquals(Handshake.REFUSED_PROTOCOL, mine.checkCompatible(future));
    }

    @Test
    void theAnswerNamesTheFirstOfTheClientsSerializersTheServerHasToo() throws Exception {
        SerialFormat uka = new SerialFormat("uka", 3);
        SerialFormat jdk = new SerialFormat("jdk", 1);
        Handshake client = new Handshake(Handshake.PROTOCOL_VERSION, 1L, List.of(jdk, uka), List.of());
        Handshake server = new Handshake(Handshake.PROTOCOL_VERSION, 2L, List.of(uka, jdk), List.of());
        assertEquals(0, server.checkCompatible(client));
        Handshake answer = server.answer(client);
        assertEquals(List.of(jdk), answer.serializers(), "the client's preference decides");
        WireBuffer b = new WireBuffer(4);
        answer.writeTo(b);
        b.flipForRead(0, b.position);
        Handshake back = Handshake.readFrom(b);
        assertEquals("jdk", back.serializerName());
        assertEquals(0, client.checkCompatible(back));

        Handshake ukaOnly = new Handshake(Handshake.PROTOCOL_VERSION, 3L, List.of(new SerialFormat("uka", 4)), List.of());
        assertEquals(Handshake.REFUSED_SERIALIZER, ukaOnly.checkCompatible(client), "a version is part of the format");
        assertThrows(IllegalArgumentException.class, () -> ukaOnly.answer(client));
        String why = ukaOnly.refusalMessage(Handshake.REFUSED_SERIALIZER, client);
        assertTrue(why.contains("[uka/4]") && why.contains("[jdk/1, uka/3]"), why);
    }

    @Test
    void aHelloOfAnotherProtocolVersionIsRefusedForItsVersion() throws Exception {
        WireBuffer b = new WireBuffer(64);
        b.writeInt(Handshake.MAGIC);
        b.writeShort(1); // version 1: one serializer, laid out differently
        b.writeShort(0);
        b.writeLong(0x77L);
        b.writeByte(3);
        b.writeBytes("uka".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, 3);
        b.writeShort(1);
        b.writeByte(0);
        b.flipForRead(0, b.position);
        Handshake old = Handshake.readFrom(b);
        Handshake mine = new Handshake(Handshake.PROTOCOL_VERSION, 1L, "uka", 1, List.of());
        assertEquals(Handshake.REFUSED_PROTOCOL, mine.checkCompatible(old));
        assertTrue(mine.refusalMessage(Handshake.REFUSED_PROTOCOL, old).contains("peer 77 speaks 1"));
    }

    @Test
    void helloListsAreBounded() {
        WireBuffer b = new WireBuffer(64);
        b.writeInt(Handshake.MAGIC);
        b.writeShort(Handshake.PROTOCOL_VERSION);
        b.writeShort(0);
        b.writeLong(1L);
        b.writeByte(Handshake.MAX_SERIALIZERS + 1);
        b.flipForRead(0, b.position);
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, () -> Handshake.readFrom(b));
        assertTrue(e.getMessage().contains("9 serializers"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SerialFormat("ü", 1));
        assertThrows(IllegalArgumentException.class, () -> new SerialFormat("uka", 70_000));
    }

    @Test
    void handshakeWithBadMagicNamesIt() {
        WireBuffer b = new WireBuffer(64);
        b.writeInt(0x50545448); // "HTTP"
        b.writeLong(0);
        b.flipForRead(0, b.position);
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class, () -> Handshake.readFrom(b));
        assertTrue(e.getMessage().contains("not a KaRMI peer"), e.getMessage());
    }

    @Test
    void refusalRoundTrips() throws Exception {
        WireBuffer b = new WireBuffer(8);
        Handshake.writeRefusal(b, Handshake.REFUSED_SERIALIZER, "serializer mismatch: x");
        b.flipForRead(0, b.position);
        assertEquals("connection refused by peer (code 2): serializer mismatch: x", Handshake.readRefusal(b));
    }
}
