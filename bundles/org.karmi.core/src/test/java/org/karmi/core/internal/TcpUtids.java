package org.karmi.core.internal;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Arrays;

import org.karmi.spi.transport.Utid;

/**
 * Test helper: the address form of a {@code tcp} UTID ({@code docs/PROTOCOL.md}, 4.1: IP
 * address, 4 or 16 bytes, then the port as u16 little-endian), so that tests can read the
 * port a node listens on. Main code never decodes a technology's address (it asks the
 * technology). Stateless; thread-safe.
 */
final class TcpUtids {

    /** Name of the TCP technology. */
    static final String TCP = "tcp";

    private TcpUtids() {
    }

    /**
     * The UTID of the TCP technology listening at {@code host:port}.
     *
     * @throws UnknownHostException if the host name does not resolve
     */
    static Utid of(String host, int port) throws UnknownHostException {
        byte[] ip = InetAddress.getByName(host).getAddress();
        byte[] a = Arrays.copyOf(ip, ip.length + 2);
        a[ip.length] = (byte) port;
        a[ip.length + 1] = (byte) (port >>> 8);
        return new Utid(TCP, a);
    }

    /** The IP address of a tcp UTID, or {@code null} if it is not one. */
    static InetAddress address(Utid u) {
        byte[] a = u.address();
        if (!TCP.equals(u.technology()) || (a.length != 6 && a.length != 18)) {
            return null;
        }
        try {
            return InetAddress.getByAddress(Arrays.copyOf(a, a.length - 2));
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** The port of a tcp UTID (no checks). */
    static int port(Utid u) {
        byte[] a = u.address();
        return (a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8;
    }

    /** Whether a tcp UTID names an address of this host. */
    static boolean isThisHost(Utid u) {
        InetAddress ip = address(u);
        if (ip == null) {
            return false;
        }
        if (ip.isLoopbackAddress() || ip.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(ip) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    /** A UTID for people: {@code tcp 127.0.0.1:2099}, or its hex form for other technologies. */
    static String describe(Utid u) {
        InetAddress ip = address(u);
        if (ip == null) {
            return u.technology() + " " + u;
        }
        String host = ip.getHostAddress();
        return TCP + " " + (host.contains(":") ? "[" + host + "]" : host) + ":" + port(u);
    }
}
