package org.karmi.spi.transport;

import java.io.StreamCorruptedException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The first message on every connection, in both directions: who is speaking, which
 * protocol and which serializers it can marshal with, and how else it can be reached.
 * Technologies use this class (rather than their own encoding) so that every transport opens
 * the same way.
 *
 * <p>Payload of a {@link MessageType#HELLO} / {@link MessageType#HELLO_ACK} frame:
 * <pre>
 *  offset  size  field
 *  0       4     magic 0x494D524B ("KRMI" as little-endian bytes 'K','R','M','I')
 *  4       2     protocol version (u16), currently {@value #PROTOCOL_VERSION}
 *  6       2     flags (u16), 0; receivers ignore bits they do not know
 *  8       8     node id (i64)
 *  16      1     k = number of serializers (u8), 1..8
 *  17      ...   k times: name length n (u8, 1..32), name (n ASCII bytes), format version (u16)
 *  ...     1     u = number of UTIDs (u8), 0..32
 *  ...     ...   u UTIDs (see {@link Utid})
 * </pre>
 *
 * <p>A HELLO lists the client's serializers in its order of preference; the server answers
 * with a HELLO_ACK ({@link #answer}) that lists exactly one: the first of the client's that
 * the server has too, which both ends then use for the whole connection. The server refuses
 * ({@link MessageType#REFUSE}, {@link #checkCompatible}) when the protocol versions differ or
 * no serializer is common. A hello of another protocol version is read only up to its node
 * id, so that it is refused for its version rather than as malformed. Immutable.
 */
public final class Handshake {

    /** Magic number at offset 0 of every hello. */
    public static final int MAGIC = 0x494D524B;
    /** Version of the protocol described by {@code docs/PROTOCOL.md} (2: a list of serializers). */
    public static final int PROTOCOL_VERSION = 2;
    /** Largest encoded hello accepted, in bytes. */
    public static final int MAX_LENGTH = 64 * 1024;
    /** Most UTIDs in one hello. */
    public static final int MAX_UTIDS = 32;
    /** Most serializers in one hello. */
    public static final int MAX_SERIALIZERS = 8;

    /** Refusal reason: the protocol versions differ. */
    public static final int REFUSED_PROTOCOL = 1;
    /** Refusal reason: the two nodes have no serializer (name and version) in common. */
    public static final int REFUSED_SERIALIZER = 2;
    /** Refusal reason: the hello was malformed. */
    public static final int REFUSED_MALFORMED = 3;
    /** Refusal reason: the node is shutting down or over its connection limit. */
    public static final int REFUSED_UNAVAILABLE = 4;

    private final int protocolVersion;
    private final long nodeId;
    private final List<SerialFormat> serializers;
    private final List<Utid> utids;

    /**
     * @param serializers in order of preference, 1..{@value #MAX_SERIALIZERS} (none only for a
     *        hello of another protocol version, as {@link #readFrom} returns it)
     * @since 1.7
     */
    public Handshake(int protocolVersion, long nodeId, List<SerialFormat> serializers, List<Utid> utids) {
        if (serializers.size() > MAX_SERIALIZERS || serializers.isEmpty() && protocolVersion == PROTOCOL_VERSION) {
            throw new IllegalArgumentException("a hello names 1.." + MAX_SERIALIZERS + " serializers, not "
                    + serializers.size());
        }
        if (utids.size() > MAX_UTIDS) {
            throw new IllegalArgumentException("too many UTIDs: " + utids.size());
        }
        this.protocolVersion = protocolVersion;
        this.nodeId = nodeId;
        this.serializers = List.copyOf(serializers);
        this.utids = List.copyOf(utids);
    }

    /** A hello naming one serializer. */
    public Handshake(int protocolVersion, long nodeId, String serializerName, int serializerVersion, List<Utid> utids) {
        this(protocolVersion, nodeId, List.of(new SerialFormat(serializerName, serializerVersion)), utids);
    }

    /** This node's hello for the current protocol version: every serializer it offers now. */
    public static Handshake of(TechnologyContext context) {
        List<SerialFormat> offered = context.serialFormats();
        if (offered.size() > MAX_SERIALIZERS) {
            offered = offered.subList(0, MAX_SERIALIZERS);
        }
        return new Handshake(PROTOCOL_VERSION, context.nodeId(), offered, context.nodeUtids());
    }

    public int protocolVersion() { return protocolVersion; }
    public long nodeId() { return nodeId; }

    /**
     * The serializers, in the speaker's order of preference; in a HELLO_ACK exactly one, the
     * connection's.
     *
     * @since 1.7
     */
    public List<SerialFormat> serializers() { return serializers; }

    /** The first serializer's name: in a HELLO_ACK, the connection's. */
    public String serializerName() { return serializers.get(0).name(); }

    /** The first serializer's format version: in a HELLO_ACK, the connection's. */
    public int serializerVersion() { return serializers.get(0).version(); }

    /** Every UTID of the speaking node (all its technologies). */
    public List<Utid> utids() { return utids; }

    /**
     * The server's answer to a compatible {@code hello}: this hello narrowed to the one
     * serializer the connection uses, the first of the client's that this node offers too.
     *
     * @throws IllegalArgumentException if {@link #checkCompatible} does not accept {@code hello}
     * @since 1.7
     */
    public Handshake answer(Handshake hello) {
        SerialFormat agreed = firstCommon(hello);
        if (agreed == null || hello.protocolVersion != protocolVersion) {
            throw new IllegalArgumentException("no answer to an incompatible hello: " + hello);
        }
        return new Handshake(protocolVersion, nodeId, List.of(agreed), utids);
    }

    /** The first of {@code peer}'s serializers that this hello names too, or {@code null}. */
    private SerialFormat firstCommon(Handshake peer) {
        for (SerialFormat f : peer.serializers) {
            if (serializers.contains(f)) {
                return f;
            }
        }
        return null;
    }

    /** Writes the hello payload at the buffer's position. */
    public void writeTo(WireBuffer out) {
        out.writeInt(MAGIC);
        out.writeShort(protocolVersion);
        out.writeShort(0);
        out.writeLong(nodeId);
        out.writeByte(serializers.size());
        for (SerialFormat f : serializers) {
            out.writeByte(f.name().length());
            out.writeBytes(f.name().getBytes(StandardCharsets.US_ASCII), 0, f.name().length());
            out.writeShort(f.version());
        }
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
        if (version != PROTOCOL_VERSION) {
            return new Handshake(version, nodeId, List.of(), List.of()); // refused for its version
        }
        int k = in.readByte() & 0xff;
        if (k == 0 || k > MAX_SERIALIZERS) {
            throw new StreamCorruptedException("bad hello: " + k + " serializers");
        }
        List<SerialFormat> serializers = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            int s = in.readByte() & 0xff;
            if (s == 0 || s > SerialFormat.MAX_NAME_LENGTH) {
                throw new StreamCorruptedException("bad hello: serializer name length " + s);
            }
            in.require(s);
            String name = new String(in.array, in.position, s, StandardCharsets.US_ASCII);
            in.position += s;
            try {
                serializers.add(new SerialFormat(name, in.readShort() & 0xffff));
            } catch (IllegalArgumentException e) {
                throw new StreamCorruptedException("bad hello: " + e.getMessage());
            }
        }
        int u = in.readByte() & 0xff;
        if (u > MAX_UTIDS) {
            throw new StreamCorruptedException("bad hello: " + u + " UTIDs");
        }
        List<Utid> utids = new ArrayList<>(u);
        for (int i = 0; i < u; i++) {
            utids.add(Utid.readFrom(in));
        }
        return new Handshake(version, nodeId, serializers, utids);
    }

    /**
     * Checks that a peer's hello (or answer) can talk to this one: the same protocol version
     * and a serializer in common.
     *
     * @return 0 if compatible, else one of the {@code REFUSED_*} codes
     */
    public int checkCompatible(Handshake peer) {
        if (peer.protocolVersion != protocolVersion) {
            return REFUSED_PROTOCOL;
        }
        if (firstCommon(peer) == null) {
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
                return "no serializer in common: node " + Long.toHexString(nodeId) + " has " + serializers
                        + ", peer " + Long.toHexString(peer.nodeId) + " has " + peer.serializers;
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
        return "Handshake[v" + protocolVersion + ", node " + Long.toHexString(nodeId) + ", " + serializers
                + ", " + utids + "]";
    }
}
