package org.karmi.spi.transport;

import java.io.StreamCorruptedException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The first message on every connection, in both directions: who is speaking, which
 * protocol and which serializer it uses, and how else it can be reached. Technologies use
 * this class (rather than their own encoding) so that every transport opens the same way.
 *
 * <p>Payload of a {@link MessageType#HELLO} / {@link MessageType#HELLO_ACK} frame:
 * <pre>
 *  offset  size  field
 *  0       4     magic 0x494D524B ("KRMI" as little-endian bytes 'K','R','M','I')
 *  4       2     protocol version (u16), currently {@value #PROTOCOL_VERSION}
 *  6       2     flags (u16), 0; receivers ignore bits they do not know
 *  8       8     node id (i64)
 *  16      1     s = serializer name length (u8), 1..32
 *  17      s     serializer name (ASCII), e.g. "uka", "jdk"
 *  17+s    2     serializer version (u16)
 *  19+s    1     u = number of UTIDs (u8), 0..32
 *  20+s    ...   u UTIDs (see {@link Utid})
 * </pre>
 *
 * <p>The server checks the client's hello with {@link #checkCompatible(Handshake)}; on a
 * mismatch it answers {@link MessageType#REFUSE} with the reason and closes. Immutable.
 */
public final class Handshake {

    /** Magic number at offset 0 of every hello. */
    public static final int MAGIC = 0x494D524B;
    /** Version of the protocol described by {@code docs/PROTOCOL.md}. */
    public static final int PROTOCOL_VERSION = 1;
    /** Largest encoded hello accepted, in bytes. */
    public static final int MAX_LENGTH = 64 * 1024;
    /** Most UTIDs in one hello. */
    public static final int MAX_UTIDS = 32;

    /** Refusal reason: the protocol versions differ. */
    public static final int REFUSED_PROTOCOL = 1;
    /** Refusal reason: the serializers differ (name or version). */
    public static final int REFUSED_SERIALIZER = 2;
    /** Refusal reason: the hello was malformed. */
    public static final int REFUSED_MALFORMED = 3;
    /** Refusal reason: the node is shutting down or over its connection limit. */
    public static final int REFUSED_UNAVAILABLE = 4;

    private final int protocolVersion;
    private final long nodeId;
    private final String serializerName;
    private final int serializerVersion;
    private final List<Utid> utids;

    public Handshake(int protocolVersion, long nodeId, String serializerName, int serializerVersion, List<Utid> utids) {
        if (serializerName.isEmpty() || serializerName.length() > 32) {
            throw new IllegalArgumentException("bad serializer name: '" + serializerName + "'");
        }
        if (utids.size() > MAX_UTIDS) {
            throw new IllegalArgumentException("too many UTIDs: " + utids.size());
        }
        this.protocolVersion = protocolVersion;
        this.nodeId = nodeId;
        this.serializerName = serializerName;
        this.serializerVersion = serializerVersion;
        this.utids = List.copyOf(utids);
    }

    /** This node's hello for the current protocol version. */
    public static Handshake of(TechnologyContext context) {
        return new Handshake(PROTOCOL_VERSION, context.nodeId(), context.serializerName(),
                context.serializerVersion(), context.nodeUtids());
    }

    public int protocolVersion() { return protocolVersion; }
    public long nodeId() { return nodeId; }
    public String serializerName() { return serializerName; }
    public int serializerVersion() { return serializerVersion; }
    /** Every UTID of the speaking node (all its technologies). */
    public List<Utid> utids() { return utids; }

    /** Writes the hello payload at the buffer's position. */
    public void writeTo(WireBuffer out) {
        out.writeInt(MAGIC);
        out.writeShort(protocolVersion);
        out.writeShort(0);
        out.writeLong(nodeId);
        out.writeByte(serializerName.length());
        out.writeBytes(serializerName.getBytes(StandardCharsets.US_ASCII), 0, serializerName.length());
        out.writeShort(serializerVersion);
        out.writeByte(utids.size());
        for (Utid u : utids) {
            u.writeTo(out);
        }
    }

    /**
     * Reads a hello payload from {@code [position, limit)}.
     *
     * @throws StreamCorruptedException naming what was wrong: bad magic, truncation, bad lengths
     */
    public static Handshake readFrom(WireBuffer in) throws StreamCorruptedException {
        if (in.remaining() > MAX_LENGTH) {
            throw new StreamCorruptedException("hello too long: " + in.remaining() + " bytes");
        }
        int magic = in.readInt();
        if (magic != MAGIC) {
            throw new StreamCorruptedException(String.format(
                    "not a KaRMI peer: bad magic 0x%08X (expected 0x%08X)", magic, MAGIC));
        }
        int version = in.readShort() & 0xffff;
        in.readShort(); // flags
        long nodeId = in.readLong();
        int s = in.readByte() & 0xff;
        if (s == 0 || s > 32) {
            throw new StreamCorruptedException("bad hello: serializer name length " + s);
        }
        in.require(s);
        String serializer = new String(in.array, in.position, s, StandardCharsets.US_ASCII);
        in.position += s;
        int serializerVersion = in.readShort() & 0xffff;
        int u = in.readByte() & 0xff;
        if (u > MAX_UTIDS) {
            throw new StreamCorruptedException("bad hello: " + u + " UTIDs");
        }
        List<Utid> utids = new ArrayList<>(u);
        for (int i = 0; i < u; i++) {
            utids.add(Utid.readFrom(in));
        }
        return new Handshake(version, nodeId, serializer, serializerVersion, utids);
    }

    /**
     * Checks that a peer's hello can talk to this one.
     *
     * @return 0 if compatible, else one of the {@code REFUSED_*} codes
     */
    public int checkCompatible(Handshake peer) {
        if (peer.protocolVersion != protocolVersion) {
            return REFUSED_PROTOCOL;
        }
        if (!peer.serializerName.equals(serializerName) || peer.serializerVersion != serializerVersion) {
            return REFUSED_SERIALIZER;
        }
        return 0;
    }

    /** The message a refusal with {@code code} carries, naming both sides' values. */
    public String refusalMessage(int code, Handshake peer) {
        switch (code) {
            case REFUSED_PROTOCOL:
                return "protocol version mismatch: node " + Long.toHexString(nodeId) + " speaks "
                        + protocolVersion + ", peer " + Long.toHexString(peer.nodeId) + " speaks " + peer.protocolVersion;
            case REFUSED_SERIALIZER:
                return "serializer mismatch: node " + Long.toHexString(nodeId) + " uses " + serializerName + "/"
                        + serializerVersion + ", peer " + Long.toHexString(peer.nodeId) + " uses "
                        + peer.serializerName + "/" + peer.serializerVersion;
            default:
                return "refused (code " + code + ")";
        }
    }

    /** Writes a {@link MessageType#REFUSE} payload: reason code (u16), length (u16), UTF-8 text. */
    public static void writeRefusal(WireBuffer out, int code, String message) {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        int n = Math.min(text.length, 4096);
        out.writeShort(code);
        out.writeShort(n);
        out.writeBytes(text, 0, n);
    }

    /** Reads a {@link MessageType#REFUSE} payload into a readable "code N: text" message. */
    public static String readRefusal(WireBuffer in) throws StreamCorruptedException {
        int code = in.readShort() & 0xffff;
        int n = in.readShort() & 0xffff;
        in.require(n);
        String text = new String(in.array, in.position, n, StandardCharsets.UTF_8);
        in.position += n;
        return "connection refused by peer (code " + code + "): " + text;
    }

    @Override
    public String toString() {
        return "Handshake[v" + protocolVersion + ", node " + Long.toHexString(nodeId) + ", " + serializerName
                + "/" + serializerVersion + ", " + utids + "]";
    }
}
