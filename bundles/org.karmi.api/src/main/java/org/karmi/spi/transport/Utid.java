package org.karmi.spi.transport;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * A unique technology identifier: the name of a technology plus the address bytes another
 * node needs to reach this node through it (KaRMI paper, section 4.3). A remote reference on
 * the wire carries the UTIDs of every technology its node has; a receiver keeps the ones its
 * technologies {@linkplain Technology#canReach understand} and carries the others along
 * unharmed, without interpreting their address bytes.
 *
 * <p>Wire form (see {@code docs/PROTOCOL.md}, "UTID"):
 * <pre>
 *  0        1                 1+n        3+n
 *  +--------+-----------------+----------+--------------------+
 *  | n (u8) | name (n ASCII)  | m (u16)  | address (m bytes)  |
 *  +--------+-----------------+----------+--------------------+
 * </pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class Utid {

    /** Longest technology name, in ASCII characters. */
    public static final int MAX_NAME_LENGTH = 32;
    /** Longest address, in bytes. */
    public static final int MAX_ADDRESS_LENGTH = 1024;

    private final String technology;
    private final byte[] address;
    private final int hash;

    /**
     * @param technology the technology's name, 1 to {@value #MAX_NAME_LENGTH} printable ASCII characters
     * @param address    the technology-specific address (copied), at most {@value #MAX_ADDRESS_LENGTH} bytes
     */
    public Utid(String technology, byte[] address) {
        if (technology.isEmpty() || technology.length() > MAX_NAME_LENGTH
                || !technology.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("bad technology name: '" + technology + "'");
        }
        if (address.length > MAX_ADDRESS_LENGTH) {
            throw new IllegalArgumentException("address too long: " + address.length + " bytes");
        }
        this.technology = technology;
        this.address = address.clone();
        this.hash = technology.hashCode() * 31 + Arrays.hashCode(address);
    }

    /** The technology's name, for example {@code tcp} or {@code parastation}. */
    public String technology() {
        return technology;
    }

    /** A copy of the address bytes; their meaning belongs to the technology. */
    public byte[] address() {
        return address.clone();
    }

    /** Number of bytes {@link #writeTo} writes. */
    public int encodedLength() {
        return 1 + technology.length() + 2 + address.length;
    }

    /** Writes the wire form at the buffer's position. */
    public void writeTo(WireBuffer out) {
        out.writeByte(technology.length());
        out.writeBytes(technology.getBytes(StandardCharsets.US_ASCII), 0, technology.length());
        out.writeShort(address.length);
        out.writeBytes(address, 0, address.length);
    }

    /**
     * Reads one UTID at the buffer's position.
     *
     * @throws java.io.StreamCorruptedException if the bytes are truncated or out of range
     */
    public static Utid readFrom(WireBuffer in) throws java.io.StreamCorruptedException {
        int n = in.readByte() & 0xff;
        if (n == 0 || n > MAX_NAME_LENGTH) {
            throw new java.io.StreamCorruptedException("bad UTID: technology name length " + n);
        }
        in.require(n);
        String name = new String(in.array, in.position, n, StandardCharsets.US_ASCII);
        in.position += n;
        int m = in.readShort() & 0xffff;
        if (m > MAX_ADDRESS_LENGTH) {
            throw new java.io.StreamCorruptedException("bad UTID: address length " + m);
        }
        byte[] address = new byte[m];
        in.readBytes(address, 0, m);
        try {
            return new Utid(name, address);
        } catch (IllegalArgumentException e) {
            throw new java.io.StreamCorruptedException("bad UTID: " + e.getMessage());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Utid u && technology.equals(u.technology) && Arrays.equals(address, u.address);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return technology + ":" + HexFormat.of().formatHex(address);
    }
}
