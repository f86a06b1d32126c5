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
 * (the layout every version reads) and 7 or 19 for one that accepts only TLS. Stateless;
 * thread-safe.
 *
 * <pre>
 *  0                     a                 a+2          a+3      (a = 4 or 16)
 *  +---------------------+-----------------+------------+
 *  | IP address (a)      | port (u16 LE)   | flags (u8) |  (flags byte only when not 0)
 *  +---------------------+-----------------+------------+
 *  flags: bit 0 FLAG_TLS = the endpoint accepts only TLS; bits 1..7 reserved, written 0
 * </pre>
 *
 * <p>A reader that finds a reserved flag bit set does not take the UTID for a tcp address
 * (a later version's requirement is never silently ignored); a reader of the first version
 * does not take a 7- or 19-byte address for one either, so it never sends plaintext to a
 * TLS-only endpoint.
 */
final class TcpAddress {

    /** The technology name carried in UTIDs. */
    static final String NAME = "tcp";
    static final int IPV4_LENGTH = 4 + 2;
    static final int IPV6_LENGTH = 16 + 2;
    /** Flag bit: the endpoint accepts only TLS connections. */
    static final int FLAG_TLS = 1;
    /** Flag bits this version understands; any other makes the UTID unreadable here. */
    static final int KNOWN_FLAGS = FLAG_TLS;

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

    /** Whether the UTID is a well-formed tcp address (name, length, non-zero port, only known flags). */
    static boolean isTcp(Utid utid) {
        if (!NAME.equals(utid.technology())) {
            return false;
        }
        byte[] a = utid.address();
        int ip = ipLength(a);
        return ip != 0 && port(a, ip) != 0 && (flags(a, ip) & ~KNOWN_FLAGS) == 0;
    }

    /** Whether a well-formed tcp UTID says its endpoint accepts only TLS. */
    static boolean requiresTls(Utid utid) {
        byte[] a = utid.address();
        return isTcp(utid) && (flags(a, ipLength(a)) & FLAG_TLS) != 0;
    }

    /** 4 or 16 for the address lengths of a tcp UTID (with or without flags), else 0. */
    private static int ipLength(byte[] a) {
        return switch (a.length) {
            case IPV4_LENGTH, IPV4_LENGTH + 1 -> 4;
            case IPV6_LENGTH, IPV6_LENGTH + 1 -> 16;
            default -> 0;
        };
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
        return NAME + " " + text(decode(utid)) + (requiresTls(utid) ? " (TLS)" : "");
    }

    /** host:port for messages, IPv6 in brackets. */
    static String text(InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        String host = ip == null ? address.getHostString()
                : ip instanceof Inet4Address ? ip.getHostAddress() : "[" + ip.getHostAddress() + "]";
        return host + ":" + address.getPort();
    }
}
