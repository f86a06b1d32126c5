package org.karmi.tech.tcp.internal;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import org.karmi.spi.transport.Utid;

/**
 * Encodes and decodes the address bytes of a {@code tcp} UTID: the IP address (4 bytes for
 * IPv4, 16 for IPv6, network order) followed by the port (u16, little-endian like every
 * KaRMI integer), so 6 or 18 bytes. Stateless; thread-safe.
 *
 * <pre>
 *  0                     a                 a+2      (a = 4 or 16)
 *  +---------------------+-----------------+
 *  | IP address (a)      | port (u16 LE)   |
 *  +---------------------+-----------------+
 * </pre>
 */
final class TcpAddress {

    /** The technology name carried in UTIDs. */
    static final String NAME = "tcp";
    static final int IPV4_LENGTH = 4 + 2;
    static final int IPV6_LENGTH = 16 + 2;

    private TcpAddress() {
    }

    static Utid utid(InetAddress address, int port) {
        byte[] ip = address.getAddress();
        byte[] bytes = Arrays.copyOf(ip, ip.length + 2);
        bytes[ip.length] = (byte) port;
        bytes[ip.length + 1] = (byte) (port >>> 8);
        return new Utid(NAME, bytes);
    }

    /** Whether the UTID is a well-formed tcp address (name, length, non-zero port). */
    static boolean isTcp(Utid utid) {
        if (!NAME.equals(utid.technology())) {
            return false;
        }
        byte[] a = utid.address();
        return (a.length == IPV4_LENGTH || a.length == IPV6_LENGTH) && port(a) != 0;
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
            InetAddress ip = InetAddress.getByAddress(Arrays.copyOf(a, a.length - 2));
            return new InetSocketAddress(ip, port(a));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("bad tcp UTID address: " + utid, e);
        }
    }

    private static int port(byte[] a) {
        return (a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8;
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

    /** A tcp UTID for people ({@code tcp 127.0.0.1:2099}), or its hex form if it is not one. */
    static String describe(Utid utid) {
        if (!isTcp(utid)) {
            return utid.toString();
        }
        return NAME + " " + text(decode(utid));
    }

    /** host:port for messages, IPv6 in brackets. */
    static String text(InetSocketAddress address) {
        InetAddress ip = address.getAddress();
        String host = ip == null ? address.getHostString()
                : ip instanceof Inet4Address ? ip.getHostAddress() : "[" + ip.getHostAddress() + "]";
        return host + ":" + address.getPort();
    }
}
