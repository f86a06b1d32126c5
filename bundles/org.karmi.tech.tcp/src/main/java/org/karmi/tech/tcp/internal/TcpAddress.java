package org.karmi.tech.tcp.internal;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import org.karmi.spi.transport.Utid;

/**
 * Encodes and decodes the address bytes of a {@code tcp} UTID: the IP address (4 bytes for
 * IPv4, 16 for IPv6, network order), the port (u16, little-endian like every KaRMI integer)
 * and, only when a flag is set, one flags byte: so 6 or 18 bytes for a plaintext endpoint
 * (the layout every version reads) and 7 or 19 for one that accepts only TLS. An endpoint
 * reached through a client socket factory ({@code java.rmi}'s {@code RMIClientSocketFactory})
 * has flags {@link #FLAG_CLIENT_FACTORY} followed by the factory's JDK serialization. Stateless;
 * thread-safe.
 *
 * <pre>
 *  0                     a                 a+2          a+3          a+5        (a = 4 or 16)
 *  +---------------------+-----------------+------------+------------+---------------------+
 *  | IP address (a)      | port (u16 LE)   | flags (u8) | f (u16 LE) | factory (f bytes)   |
 *  +---------------------+-----------------+------------+------------+---------------------+
 *  flags byte only when not 0; f and factory only with FLAG_CLIENT_FACTORY
 *  flags: bit 0 FLAG_TLS = the endpoint accepts only TLS
 *         bit 1 FLAG_CLIENT_FACTORY = a client socket factory follows (then flags is exactly 0x02)
 *         bits 2..7 reserved, written 0
 * </pre>
 *
 * <p>A reader that finds a reserved flag bit set does not take the UTID for a tcp address
 * (a later version's requirement is never silently ignored); a reader of the first version
 * does not take a 7- or 19-byte address for one either, so it never sends plaintext to a
 * TLS-only endpoint. The factory form is told from the short forms by its length (at least
 * {@value #MIN_FACTORY_BYTES} factory bytes, so never 6, 7, 18 or 19 bytes in all), and its IP
 * length by where a flags byte 0x02, a matching length and the serialization's magic
 * {@code AC ED 00 05} are found; an address that would read both ways is never written.
 */
final class TcpAddress {

    /** The technology name carried in UTIDs. */
    static final String NAME = "tcp";
    static final int IPV4_LENGTH = 4 + 2;
    static final int IPV6_LENGTH = 16 + 2;
    /** Flag bit: the endpoint accepts only TLS connections. */
    static final int FLAG_TLS = 1;
    /** Flag bit: a client socket factory follows (u16 length, its JDK serialization); never with {@link #FLAG_TLS}. */
    static final int FLAG_CLIENT_FACTORY = 2;
    /** Flag bits this version understands in a short (6/7, 18/19 bytes) address. */
    static final int KNOWN_FLAGS = FLAG_TLS;
    /** Fewest bytes of a serialized factory (a JDK stream of any object is longer). */
    static final int MIN_FACTORY_BYTES = 16;
    /** Most bytes of a serialized factory: what a UTID's address holds beside an IPv6 endpoint. */
    static final int MAX_FACTORY_BYTES = Utid.MAX_ADDRESS_LENGTH - IPV6_LENGTH - 3;

    private TcpAddress() {
    }

    /** The UTID of a plaintext endpoint (6 or 18 bytes). */
    static Utid utid(InetAddress address, int port) {
        return utid(address, port, false);
    }

    /** The UTID of an endpoint; {@code tlsOnly} adds the flags byte with {@link #FLAG_TLS}. */
    static Utid utid(InetAddress address, int port, boolean tlsOnly) {
        byte[] ip = address.getAddress();
        byte[] bytes = Arrays.copyOf(ip, ip.length + (tlsOnly ? 3 : 2));
        bytes[ip.length] = (byte) port;
        bytes[ip.length + 1] = (byte) (port >>> 8);
        if (tlsOnly) {
            bytes[ip.length + 2] = FLAG_TLS;
        }
        return new Utid(NAME, bytes);
    }

    /**
     * The UTID of an endpoint reached through a client socket factory: {@code base}'s IP and
     * port (its TLS flag dropped: the factory's sockets are the transport) with
     * {@link #FLAG_CLIENT_FACTORY} and the factory's serialization.
     *
     * @throws IllegalArgumentException if the factory's bytes are out of bounds or the address would be ambiguous
     */
    static Utid withFactory(Utid base, byte[] factory) {
        InetSocketAddress at = decode(base);
        byte[] ip = at.getAddress().getAddress();
        if (factory.length < MIN_FACTORY_BYTES || factory.length > MAX_FACTORY_BYTES) {
            throw new IllegalArgumentException("a client socket factory must serialize to " + MIN_FACTORY_BYTES + " to "
                    + MAX_FACTORY_BYTES + " bytes to travel in a tcp UTID: " + factory.length + " bytes");
        }
        byte[] bytes = Arrays.copyOf(ip, ip.length + 5 + factory.length);
        int port = at.getPort();
        bytes[ip.length] = (byte) port;
        bytes[ip.length + 1] = (byte) (port >>> 8);
        bytes[ip.length + 2] = FLAG_CLIENT_FACTORY;
        bytes[ip.length + 3] = (byte) factory.length;
        bytes[ip.length + 4] = (byte) (factory.length >>> 8);
        System.arraycopy(factory, 0, bytes, ip.length + 5, factory.length);
        if (ipLength(bytes) != ip.length) {
            throw new IllegalArgumentException("tcp UTID of " + text(at) + " with a client socket factory would be ambiguous");
        }
        return new Utid(NAME, bytes);
    }

    /** Whether the UTID is a well-formed tcp address (name, length, non-zero port, only known flags). */
    static boolean isTcp(Utid utid) {
        if (!NAME.equals(utid.technology())) {
            return false;
        }
        byte[] a = utid.address();
        int ip = ipLength(a);
        return ip != 0 && port(a, ip) != 0 && (isShort(a) ? (flags(a, ip) & ~KNOWN_FLAGS) == 0
                : flags(a, ip) == FLAG_CLIENT_FACTORY);
    }

    /**
     * The serialized client socket factory of a well-formed tcp UTID, {@code null} if it has none.
     */
    static byte[] factory(Utid utid) {
        if (!isTcp(utid)) {
            return null;
        }
        byte[] a = utid.address();
        if (isShort(a)) {
            return null;
        }
        int ip = ipLength(a);
        return Arrays.copyOfRange(a, ip + 5, a.length);
    }

    private static boolean isShort(byte[] a) {
        return a.length == IPV4_LENGTH || a.length == IPV4_LENGTH + 1 || a.length == IPV6_LENGTH || a.length == IPV6_LENGTH + 1;
    }

    /** Whether {@code a} reads as the factory form with an IP of {@code ip} bytes. */
    private static boolean factoryFormAt(byte[] a, int ip) {
        int start = ip + 5;
        if (a.length < start + MIN_FACTORY_BYTES || a[ip + 2] != FLAG_CLIENT_FACTORY) {
            return false;
        }
        int f = (a[ip + 3] & 0xff) | (a[ip + 4] & 0xff) << 8;
        return start + f == a.length && (a[start] & 0xff) == 0xac && (a[start + 1] & 0xff) == 0xed
                && a[start + 2] == 0 && a[start + 3] == 5;
    }

    /**
     * The class name a serialized factory starts with (a JDK stream: magic, version,
     * TC_OBJECT, TC_CLASSDESC, u16 big-endian length, the name), for messages; {@code "?"} if
     * the bytes do not start that way.
     */
    static String factoryClassName(byte[] f) {
        if (f == null || f.length < 8 || (f[4] & 0xff) != 0x73 || (f[5] & 0xff) != 0x72) {
            return "?";
        }
        int n = (f[6] & 0xff) << 8 | (f[7] & 0xff);
        if (8 + n > f.length) {
            return "?";
        }
        String name = new String(f, 8, n, java.nio.charset.StandardCharsets.UTF_8);
        return name.chars().allMatch(c -> c > 0x20 && c < 0x7f) ? name : "?";
    }

    /** Whether a well-formed tcp UTID says its endpoint accepts only TLS. */
    static boolean requiresTls(Utid utid) {
        byte[] a = utid.address();
        return isTcp(utid) && (flags(a, ipLength(a)) & FLAG_TLS) != 0;
    }

    /** 4 or 16 for the address lengths of a tcp UTID (with or without flags, or with a factory), else 0. */
    private static int ipLength(byte[] a) {
        switch (a.length) {
            case IPV4_LENGTH, IPV4_LENGTH + 1:
                return 4;
            case IPV6_LENGTH, IPV6_LENGTH + 1:
                return 16;
            default:
                boolean v4 = factoryFormAt(a, 4);
                boolean v6 = factoryFormAt(a, 16);
                return v4 == v6 ? 0 : v4 ? 4 : 16;
        }
    }

    private static int flags(byte[] a, int ipLength) {
        return a.length > ipLength + 2 ? a[ipLength + 2] & 0xff : 0;
    }

    /**
     * The socket address a tcp UTID names.
     *
     * @throws IllegalArgumentException if the UTID is not a well-formed tcp address
     */
    static InetSocketAddress decode(Utid utid) {
        if (!isTcp(utid)) {
            throw new IllegalArgumentException("not a tcp UTID: " + utid);
        }
        byte[] a = utid.address();
        try {
            int ipLength = ipLength(a);
            InetAddress ip = InetAddress.getByAddress(Arrays.copyOf(a, ipLength));
            return new InetSocketAddress(ip, port(a, ipLength));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("bad tcp UTID address: " + utid, e);
        }
    }

    private static int port(byte[] a, int ipLength) {
        return (a[ipLength] & 0xff) | (a[ipLength + 1] & 0xff) << 8;
    }

    /**
     * Whether {@code ip} is an address of this host: a loopback or wildcard address, or the
     * address of a local network interface.
     */
    static boolean isLocal(InetAddress ip) {
        if (ip == null) {
            return false;
        }
        if (ip.isLoopbackAddress() || ip.isAnyLocalAddress()) {
            return true;
        }
        try {
            return java.net.NetworkInterface.getByInetAddress(ip) != null;
        } catch (java.net.SocketException e) {
            return false;
        }
    }

    /**
     * A tcp UTID for people ({@code tcp 127.0.0.1:2099}, {@code tcp 127.0.0.1:2099 (TLS)}),
     * or its hex form if it is not one.
     */
    static String describe(Utid utid) {
        if (!isTcp(utid)) {
            return utid.toString();
        }
        byte[] f = factory(utid);
        return NAME + " " + text(decode(utid)) + (requiresTls(utid) ? " (TLS)" : "")
                + (f != null ? " (client socket factory " + factoryClassName(f) + ")" : "");
    }

    /** host:port for messages, IPv6 in brackets. */
    static String text(InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        String host = ip == null ? address.getHostString()
                : ip instanceof Inet4Address ? ip.getHostAddress() : "[" + ip.getHostAddress() + "]";
        return host + ":" + address.getPort();
    }
}
