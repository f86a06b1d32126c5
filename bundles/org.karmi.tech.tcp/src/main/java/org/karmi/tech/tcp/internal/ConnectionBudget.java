package org.karmi.tech.tcp.internal;

import static java.lang.System.Logger.Level.DEBUG;

import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Keeps an endpoint's inbound connections within {@code maxConnections} without letting idle
 * ones lock anybody out. At the limit, the connection idle for longest (no call in flight;
 * one still in its handshake counts as idle since its accept) is retired to admit the new one;
 * only when every connection has a call in flight is the new one refused. Connections idle
 * for {@code serverIdleTimeoutMillis}, and those the reference layer asks to retire
 * ({@link TcpServerConnection#retire}), are retired as well.
 *
 * <p>Retiring ("draining") a connection that finished its handshake sends CLOSE with
 * {@link TcpFrameDescriptor#FLAG_DRAIN}: a CALL that crossed it is still answered, and the
 * connection is closed once it is idle and the io timeout has passed, or when its client
 * closes it. So a well-behaved client whose idle pooled connection was retired never loses a
 * call: its pool drops the connection at its next acquire, or its call reads past the CLOSE.
 * At most {@code max(1, maxConnections / 4)} connections drain at once; beyond that the one
 * retired first is closed outright, so inbound connections (and their threads) never exceed
 * {@code maxConnections} plus that many.
 *
 * <p>Thread-safe: admission runs on the acceptor thread only (so the count it checks can only
 * fall meanwhile), scans on the watchdog, CLOSE writes on this budget's own thread (a peer
 * that does not read cannot stall the acceptor or the watchdog).
 */
final class ConnectionBudget {

    /** Bound on writing a drain CLOSE: 12 bytes into the send buffer of a peer that reads are instant. */
    static final long CLOSE_WRITE_NANOS = 200_000_000L;

    private final TcpEndpoint endpoint;
    private final int maxConnections;
    private final int maxDraining;
    private final long serverIdleNanos;
    private final long graceNanos;
    private final Set<TcpServerConnection> active = ConcurrentHashMap.newKeySet();
    private final Set<TcpServerConnection> draining = ConcurrentHashMap.newKeySet();
    private final BlockingQueue<TcpServerConnection> closesToSend = new LinkedBlockingQueue<>();
    private final Thread closer;
    private volatile boolean closed;

    ConnectionBudget(TcpEndpoint endpoint, String name) {
        this.endpoint = endpoint;
        this.maxConnections = endpoint.settings.maxConnections();
        this.maxDraining = Math.max(1, maxConnections / 4);
        this.serverIdleNanos = endpoint.settings.serverIdleTimeoutMillis() * 1_000_000L;
        this.graceNanos = endpoint.ioTimeoutMillis * 1_000_000L;
        this.closer = new Thread(this::closeLoop, "karmi-tcp-retire-" + name);
        closer.setDaemon(true);
    }

    void start() {
        closer.start();
    }

    /** Inbound connections not retired. */
    int activeCount() {
        return active.size();
    }

    int drainingCount() {
        return draining.size();
    }

    /**
     * Acceptor thread: makes room for one more connection, retiring the longest-idle one if the
     * limit is reached.
     *
     * @return whether the new connection may be admitted ({@code false}: every connection has a call in flight)
     */
    boolean makeRoom(long nowNanos) {
        while (active.size() >= maxConnections) {
            TcpServerConnection victim = longestIdle();
            if (victim == null) {
                return false;
            }
            if (victim.handshaking() && victim.closeIfIdle()) {
                active.remove(victim);
                endpoint.retired(victim, "still in its handshake");
                return true;
            }
            if (!retire(victim, nowNanos)) {
                return false;
            }
            endpoint.retired(victim, "idle for " + (nowNanos - victim.idleSinceNanos()) / 1_000_000 + " ms");
        }
        return true;
    }

    /** Acceptor thread: counts a connection just admitted. */
    void admitted(TcpServerConnection c) {
        active.add(c);
        if (c.isClosed()) {
            active.remove(c);
        }
    }

    /** Any thread: forgets a connection that closed. */
    void closed(TcpServerConnection c) {
        if (!active.remove(c)) {
            draining.remove(c);
        }
    }

    private TcpServerConnection longestIdle() {
        TcpServerConnection best = null;
        long bestSince = 0;
        for (TcpServerConnection c : active) {
            long since = c.idleSinceNanos();
            if (c.idle() && (best == null || since - bestSince < 0)) {
                best = c;
                bestSince = since;
            }
        }
        return best;
    }

    /**
     * Moves {@code c} from active to draining and queues its CLOSE; when too many drain
     * already, first closes the one retired earliest that is idle.
     *
     * @return false if {@code c} could not be retired (too many draining connections, all in a call)
     */
    private boolean retire(TcpServerConnection c, long nowNanos) {
        if (draining.size() >= maxDraining && !closeEarliestRetired()) {
            return false;
        }
        if (!active.remove(c)) {
            return true; // closed meanwhile: its slot is free
        }
        c.beginDrain(nowNanos + graceNanos);
        draining.add(c);
        if (c.isClosed()) {
            draining.remove(c);
        } else {
            closesToSend.add(c);
        }
        return true;
    }

    private boolean closeEarliestRetired() {
        TcpServerConnection best = null;
        for (TcpServerConnection c : draining) {
            if (c.idle() && (best == null || c.drainDeadlineNanos() - best.drainDeadlineNanos() < 0)) {
                best = c;
            }
        }
        if (best != null && best.closeIfIdle()) {
            draining.remove(best);
            return true;
        }
        return false;
    }

    /** A connection's thread, between calls: retires it at the reference layer's request. */
    void retireOnRequest(TcpServerConnection c, long nowNanos) {
        if (c.betweenCalls()) {
            TcpEndpoint.LOG.log(DEBUG, "tcp: retiring the connection from " + c.peer + ": asked by the reference layer");
            retire(c, nowNanos);
        }
    }

    /** Watchdog: retires connections idle for too long, closes retired ones whose grace is over. */
    void scan(long nowNanos) {
        for (TcpServerConnection c : active) {
            if (c.betweenCalls() && nowNanos - c.idleSinceNanos() > serverIdleNanos) {
                TcpEndpoint.LOG.log(DEBUG, "tcp: retiring the connection from " + c.peer + ": idle for "
                        + (nowNanos - c.idleSinceNanos()) / 1_000_000 + " ms");
                retire(c, nowNanos);
            } else if (c.betweenCalls() && c.retireRequested()) {
                TcpEndpoint.LOG.log(DEBUG, "tcp: retiring the connection from " + c.peer + ": asked by the reference layer");
                retire(c, nowNanos);
            }
        }
        for (TcpServerConnection c : draining) {
            if (nowNanos - c.drainDeadlineNanos() > 0 && c.closeIfIdle()) {
                draining.remove(c);
            }
        }
    }

    private void closeLoop() {
        while (!closed) {
            TcpServerConnection c;
            try {
                c = closesToSend.poll(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (c != null) {
                c.sendDrainClose(CLOSE_WRITE_NANOS);
            }
        }
    }

    /** Stops the CLOSE writer (the endpoint closes the connections). */
    void close() {
        closed = true;
        closer.interrupt();
        closesToSend.clear();
    }
}
