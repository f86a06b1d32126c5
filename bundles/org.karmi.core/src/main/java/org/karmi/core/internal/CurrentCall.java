package org.karmi.core.internal;

import java.net.InetAddress;
import java.rmi.server.ServerNotActiveException;

import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;

/**
 * The remote call the current thread is running, if any, for every node of the JVM: the
 * connection it came over, or {@link #LOCAL} for a call through the local short-cut (a
 * thread runs one call at a time; a nested one saves and restores the outer). Backs
 * {@code RemoteServer.getClientHost()} and the registry's check of local writes. Thread-safe:
 * state is per thread.
 */
final class CurrentCall {

    /** Marks a call through the local short-cut. */
    static final Object LOCAL = new Object();

    private static final ThreadLocal<Object> CALLER = new ThreadLocal<>();

    private CurrentCall() {
    }

    /** Marks the thread as running a call from {@code connection} ({@code null}: local); returns what to restore. */
    static Object enter(ServerConnection connection) {
        Object previous = CALLER.get();
        CALLER.set(connection == null ? LOCAL : connection);
        return previous;
    }

    /** Restores what {@link #enter} returned (a set, never a remove: no allocation per call once warm). */
    static void leave(Object previous) {
        CALLER.set(previous);
    }

    /** The connection of the running call, {@link #LOCAL}, or {@code null} outside a call. */
    static Object caller() {
        return CALLER.get();
    }

    /**
     * The host of the running call's client: what the technology observed, else loopback for
     * a local call or a peer on this host, else the host of the address the peer announced
     * for that technology.
     *
     * @throws ServerNotActiveException outside a remote call
     */
    static String clientHost() throws ServerNotActiveException {
        Object c = CALLER.get();
        if (c == null) {
            throw new ServerNotActiveException("not in a remote call");
        }
        if (!(c instanceof ServerConnection sc)) {
            return InetAddress.getLoopbackAddress().getHostAddress();
        }
        String observed = sc.peerHost();
        if (observed != null) {
            return observed;
        }
        if (sc.peerOnThisHost()) {
            return InetAddress.getLoopbackAddress().getHostAddress();
        }
        return announcedHost(sc);
    }

    /** The host part of the technology's description of the peer's UTID ({@code tcp 10.1.2.3:2099}). */
    private static String announcedHost(ServerConnection sc) {
        Technology t = sc.technology();
        for (Utid u : sc.remoteHandshake().utids()) {
            if (!u.technology().equals(t.name())) {
                continue;
            }
            String text = t.describe(u);
            int space = text.indexOf(' ');
            int colon = text.lastIndexOf(':');
            if (space >= 0 && colon > space + 1) {
                String host = text.substring(space + 1, colon);
                return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            }
        }
        return "unknown";
    }
}
