package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentLinkedDeque;
import org.karmi.spi.transport.Utid;

/**
 * The idle client connections to one remote tcp address, most recently released first (warm
 * connections are reused; the oldest age out at the tail). Thread-safe: a lock-free deque;
 * removal is the hand-over, so a connection is taken by exactly one of an acquirer and the
 * watchdog.
 */
final class ConnectionPool {

    final Utid utid;
    final InetSocketAddress address;
    private final ConcurrentLinkedDeque<TcpClientConnection> idle = new ConcurrentLinkedDeque<>();

    ConnectionPool(Utid utid, InetSocketAddress address) {
        this.utid = utid;
        this.address = address;
    }

    /**
     * An idle connection that is still usable, or {@code null}. A connection idle for a while is
     * checked for input that arrived unasked (the peer's CLOSE when it shut down) and dropped if so.
     */
    TcpClientConnection poll(long staleCheckNanos) {
        TcpClientConnection c;
        while ((c = idle.pollFirst()) != null) {
            if (!c.isClosed() && (System.nanoTime() - c.releasedAtNanos < staleCheckNanos || quiet(c))) {
                return c;
            }
            c.close();
        }
        return null;
    }

    private static boolean quiet(TcpClientConnection c) {
        try {
            return !c.reader.hasPendingInput();
        } catch (IOException e) {
            return false;
        }
    }

    void offer(TcpClientConnection c) {
        idle.offerFirst(c);
    }

    /** Closes connections idle for longer than {@code idleNanos}, oldest first. */
    void closeIdle(long nowNanos, long idleNanos) {
        TcpClientConnection c;
        while ((c = idle.peekLast()) != null && nowNanos - c.releasedAtNanos > idleNanos) {
            if (idle.removeLastOccurrence(c)) {
                c.closeOrderly();
            }
        }
    }

    /** Closes every idle connection (technology close). */
    void closeAll() {
        TcpClientConnection c;
        while ((c = idle.pollLast()) != null) {
            c.closeOrderly();
        }
    }

    int idleCount() {
        return idle.size();
    }
}
