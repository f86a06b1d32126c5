package org.karmi.tech.tcp.internal;

import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.WARNING;

import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.LogLimiter;
import org.karmi.spi.transport.TechnologyCounters;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * One life of a TCP technology, from {@code start} to {@code close}: its listening ports
 * ({@link TcpListener}, one per port, each with its acceptor thread, opened at start or on
 * demand), a thread per inbound connection within a {@link ConnectionBudget}, the
 * client connection pools and the watchdog that closes idle pooled connections, retires idle
 * inbound ones and enforces deadlines. Events a peer can cause at will (refusals, retired
 * connections, failed handshakes, bad frames) are counted in {@code connectionsRefused} where
 * they cost a connection, and logged at most once per {@code logIntervalMillis} each. Thread-safe.
 */
final class TcpEndpoint {

    static final System.Logger LOG = System.getLogger("org.karmi.tech.tcp");

    /** A pooled connection idle for longer than this is checked for an unasked CLOSE before reuse. */
    static final long STALE_CHECK_NANOS = 50_000_000L;
    /** How often the watchdog enforces deadlines: a bounded wait ends at most this much late. */
    static final long WATCHDOG_PERIOD_NANOS = 10_000_000L;

    final Technology technology;
    final TcpSettings settings;
    final TechnologyContext context;
    final TechnologyCounters statistics = new TechnologyCounters();
    final int ioTimeoutMillis;
    /** TLS of this life ({@link TlsSockets#OFF} without): who speaks it and the handshakes. */
    final TlsSockets tls;
    private final InetAddress bindAddress;
    private final InetAddress advertised;
    /** Listeners by bound port (guarded by {@code this}); {@code own} is among them once open. */
    private final Map<Integer, TcpListener> listeners = new java.util.HashMap<>();
    /** The listener of port-0 exports and of the configured port; {@code null} until listening (on demand). */
    private volatile TcpListener own;
    /** Listeners through an application's server socket factory, by (port, factory) (guarded by {@code this}). */
    private final Map<FactoryEndpoint, TcpListener> factoryListeners = new java.util.HashMap<>();
    /** The client socket factories this technology's application gave, and the reader of those in UTIDs. */
    final ClientFactories factories;
    private final Map<Utid, ConnectionPool> pools = new ConcurrentHashMap<>();
    private final Set<TcpLink> links = ConcurrentHashMap.newKeySet();
    private final ConnectionBudget inbound;
    private final LogLimiter refusedLog;
    private final LogLimiter retiredLog;
    private final LogLimiter handshakeLog;
    private final LogLimiter misbehaviourLog;
    private final Thread watchdog;
    /** Serializes admissions from several listeners' threads (the budget admits on one thread at a time). */
    private final Object admission = new Object();
    private volatile boolean closed;
    /** System.nanoTime() as of the watchdog's last tick: a clock for idle times that costs a read. */
    private volatile long coarseNanos = System.nanoTime();

    /** One listener through a server socket factory: its port (0: anonymous, shared by equal factories) and the factory. */
    private record FactoryEndpoint(int port, java.rmi.server.RMIServerSocketFactory ssf) {
    }

    private TcpEndpoint(Technology technology, TcpSettings settings, TlsSockets tls, TechnologyContext context,
                        InetAddress bindAddress, InetAddress advertised, ClientFactories factories) {
        this.tls = tls;
        this.factories = factories;
        this.technology = technology;
        this.settings = settings;
        this.context = context;
        this.bindAddress = bindAddress;
        this.advertised = advertised;
        this.ioTimeoutMillis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, context.ioTimeoutMillis()));
        String name = bindAddress.getHostAddress() + (settings.port() > 0 ? ":" + settings.port() : "");
        this.watchdog = new Thread(this::watchdogLoop, "karmi-tcp-watchdog-" + name);
        watchdog.setDaemon(true);
        this.inbound = new ConnectionBudget(this, name);
        long interval = settings.logIntervalMillis();
        this.refusedLog = new LogLimiter(LOG, WARNING, interval);
        this.retiredLog = new LogLimiter(LOG, WARNING, interval);
        this.handshakeLog = new LogLimiter(LOG, WARNING, interval);
        this.misbehaviourLog = new LogLimiter(LOG, WARNING, interval);
    }

    /**
     * Binds the configured address and starts accepting, or, for settings that
     * {@linkplain TcpSettings#listensOnDemand() listen on demand}, only starts (the first
     * {@link #listen(int)} binds).
     *
     * @param advertisedHost the host UTIDs name ({@code java.rmi.server.hostname}); {@code null}:
     *                       the bound address, or the local host's for a wildcard address
     * @throws BindException naming host:port if it cannot be bound (for example, in use)
     */
    static TcpEndpoint start(Technology technology, TcpSettings settings, TlsSettings tlsSettings,
                             TechnologyContext context, String advertisedHost, ClientFactories factories)
            throws IOException {
        TlsSockets tls = TlsSockets.create(tlsSettings, settings.logIntervalMillis()); // a bad store fails before binding
        InetAddress host = InetAddress.getByName(settings.host());
        InetAddress advertised = advertisedHost != null ? InetAddress.getByName(advertisedHost)
                : host.isAnyLocalAddress() ? InetAddress.getLocalHost() : host;
        TcpEndpoint endpoint = new TcpEndpoint(technology, settings, tls, context, host, advertised, factories);
        if (!settings.listensOnDemand()) {
            endpoint.own = TcpListener.open(endpoint, host, settings.port(), advertised);
            endpoint.listeners.put(endpoint.own.port, endpoint.own);
        }
        endpoint.inbound.start();
        endpoint.watchdog.start();
        return endpoint;
    }

    /** The UTID of the own listener, {@code null} while listening on demand and not yet listening. */
    Utid localUtid() {
        TcpListener l = own;
        return l == null ? null : l.utid;
    }

    /**
     * Listens on {@code port} for one more export ({@link org.karmi.spi.transport.Technology#listen}):
     * port 0 is the own listener, opened now on an anonymous port if not yet open; another port
     * shares its listener with earlier exports on it.
     *
     * @throws BindException if the port is taken
     */
    synchronized Utid listen(int port) throws IOException {
        checkOpen();
        if (port == 0) {
            TcpListener l = own;
            if (l == null) {
                l = TcpListener.open(this, bindAddress, 0, advertised);
                listeners.put(l.port, l);
                own = l;
            }
            return l.utid;
        }
        TcpListener l = listeners.get(port);
        if (l == null) {
            l = TcpListener.open(this, bindAddress, port, advertised);
            listeners.put(port, l);
        }
        l.exports++;
        return l.utid;
    }

    /** One export on {@code port} is gone; its listener closes when it was the last and is not the own one. */
    void unlisten(int port) {
        TcpListener closing = null;
        synchronized (this) {
            TcpListener l = listeners.get(port);
            if (l == null || l.exports == 0) {
                return;
            }
            l.exports--;
            if (l.exports == 0 && l != own) {
                listeners.remove(port);
                closing = l;
            }
        }
        if (closing != null) {
            closing.close();
        }
    }

    /**
     * Listens for one more export that gave socket factories: through {@code ssf} (one listener
     * per port and equal factory, counted like the per-port ones), or where {@link #listen(int)}
     * would without one; the UTID carries {@code csf}, the factory's serialization, if given.
     *
     * @throws BindException if the factory cannot listen
     */
    synchronized Utid listen(int port, java.rmi.server.RMIServerSocketFactory ssf, byte[] csf) throws IOException {
        checkOpen();
        if (ssf == null) {
            Utid base = listen(port);
            try {
                return csf == null ? base : TcpAddress.withFactory(base, csf);
            } catch (IllegalArgumentException e) {
                if (port != 0) {
                    unlisten(port);
                }
                throw new IOException(e.getMessage(), e);
            }
        }
        FactoryEndpoint key = new FactoryEndpoint(port, ssf);
        TcpListener l = factoryListeners.get(key);
        boolean opened = l == null;
        if (opened) {
            l = TcpListener.open(this, ssf, port, advertised);
        }
        Utid u;
        try {
            u = csf == null ? l.utid : TcpAddress.withFactory(l.utid, csf);
        } catch (IllegalArgumentException e) {
            if (opened) {
                l.close();
            }
            throw new IOException(e.getMessage(), e);
        }
        if (opened) {
            factoryListeners.put(key, l);
        }
        l.exports++;
        return u;
    }

    /** One export through {@code ssf} on {@code port} is gone; its listener closes with the last. */
    void unlisten(int port, java.rmi.server.RMIServerSocketFactory ssf) {
        if (ssf == null) {
            if (port != 0) {
                unlisten(port);
            }
            return;
        }
        TcpListener closing = null;
        synchronized (this) {
            FactoryEndpoint key = new FactoryEndpoint(port, ssf);
            TcpListener l = factoryListeners.get(key);
            if (l == null || l.exports == 0) {
                return;
            }
            l.exports--;
            if (l.exports == 0) {
                factoryListeners.remove(key);
                closing = l;
            }
        }
        if (closing != null) {
            closing.close();
        }
    }

    boolean isClosed() {
        return closed;
    }

    Connection acquire(Utid remote, long timeoutMillis) throws IOException {
        if (timeoutMillis <= 0) {
            throw new IllegalArgumentException("acquire timeout must be > 0: " + timeoutMillis);
        }
        ConnectionPool pool = pools.get(remote);
        if (pool == null) {
            InetSocketAddress address;
            try {
                address = TcpAddress.decode(remote);
            } catch (IllegalArgumentException e) {
                throw new IOException(e.getMessage(), e);
            }
            byte[] f = TcpAddress.factory(remote);
            java.rmi.server.RMIClientSocketFactory csf = f == null ? null : factories.read(f, TcpAddress.text(address));
            pool = pools.computeIfAbsent(remote, u -> new ConnectionPool(u, address, csf));
        }
        TcpClientConnection c = pool.poll(STALE_CHECK_NANOS);
        return c != null ? c : connect(pool, timeoutMillis);
    }

    private TcpClientConnection connect(ConnectionPool pool, long timeoutMillis) throws IOException {
        checkOpen();
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        String target = TcpAddress.text(pool.address);
        boolean viaFactory = pool.factory != null;
        Socket socket = viaFactory ? factorySocket(pool, target) : tls.clientSocket(pool.utid, target);
        TcpClientConnection c = null;
        try {
            try {
                socket.setTcpNoDelay(true);
                socket.setKeepAlive(true);
            } catch (java.net.SocketException e) {
                if (!viaFactory) { // a factory's socket may not have these options
                    throw e;
                }
            }
            long connectTimeout = Math.min(timeoutMillis, settings.connectTimeoutMillis());
            c = new TcpClientConnection(this, pool, socket);
            register(c);
            if (!viaFactory) {
                c.arm(connectTimeout);
                try {
                    socket.connect(pool.address); // untimed: a timed connect would leave the socket non-blocking
                } catch (ConnectException e) {
                    ConnectException ce = new ConnectException("nobody listens at tcp " + target + " (" + e.getMessage() + ")");
                    ce.initCause(e);
                    throw ce;
                } catch (IOException e) {
                    throw c.timedOut() ? c.timeout("cannot connect to tcp", connectTimeout, e) : e;
                }
            }
            c.arm(Math.max(1, (deadline - System.nanoTime()) / 1_000_000L));
            Handshake peer;
            try {
                if (!viaFactory) {
                    tls.startClient(socket, target, pool.utid);
                }
                peer = TcpHandshake.client(c, context);
                c.disarm();
            } catch (IOException e) {
                throw c.timedOut() ? c.timeout("no handshake from tcp", timeoutMillis, e)
                        : viaFactory ? e : tls.explain(e, socket, target, pool.utid);
            }
            c.handshakeDone(peer);
            checkOpen();
            return c;
        } catch (IOException | RuntimeException e) {
            if (c != null) {
                c.close();
            } else {
                socket.close();
            }
            throw e;
        }
    }

    /**
     * A socket connected by the UTID's client socket factory ({@code csf.createSocket(host, port)},
     * host as an IP address). That connect is the factory's own and cannot be interrupted: only
     * what follows (the factory's own handshake, if any, and KaRMI's) is bounded by the watchdog.
     */
    private static Socket factorySocket(ConnectionPool pool, String target) throws IOException {
        Socket s;
        try {
            s = pool.factory.createSocket(pool.address.getAddress().getHostAddress(), pool.address.getPort());
        } catch (ConnectException e) {
            ConnectException ce = new ConnectException("nobody listens at tcp " + target + " (client socket factory "
                    + pool.factory.getClass().getName() + ": " + e.getMessage() + ")");
            ce.initCause(e);
            throw ce;
        } catch (RuntimeException e) {
            throw new IOException("client socket factory " + pool.factory.getClass().getName() + " failed to connect to tcp "
                    + target + ": " + e, e);
        }
        if (s == null) {
            throw new IOException("client socket factory " + pool.factory.getClass().getName() + " gave no socket for tcp "
                    + target);
        }
        return s;
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException("tcp technology " + this + " is closed");
        }
    }

    private void register(TcpLink link) throws IOException {
        links.add(link);
        statistics.opened();
        if (closed) {
            link.close();
            checkOpen();
        }
    }

    void forget(TcpLink link) {
        links.remove(link);
    }

    /**
     * Serves a socket one of the listeners accepted, on that listener's thread; admissions of
     * all listeners take turns ({@code admission}), so the budget sees one acceptor at a time.
     */
    void accepted(Socket s, boolean factorySocket) {
        synchronized (admission) {
            if (closed) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // nothing more to do
                }
                return;
            }
            if (!inbound.makeRoom(System.nanoTime())) {
                refuseOverLimit(s);
                return;
            }
            TcpServerConnection c = null;
            try {
                s.setTcpNoDelay(true);
                s.setKeepAlive(true);
                // TLS is chosen and shaken hands on c's thread; a factory's socket is used as it is
                c = new TcpServerConnection(this, factorySocket ? s : tls.accepted(s));
                register(c);
                inbound.admitted(c);
                Thread t = new Thread(c, "karmi-tcp-in-" + c.peer);
                t.setDaemon(true);
                t.start();
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                if (!closed) { // e.g. no thread to be had: as repeatable by a peer as a refusal
                    statistics.connectionsRefused.increment();
                    refusedLog.log("tcp: cannot serve connection from " + s.getRemoteSocketAddress() + ": " + e);
                }
                if (c != null) {
                    c.close();
                } else {
                    try {
                        s.close();
                    } catch (IOException ignored) {
                        // nothing more to do
                    }
                }
            }
        }
    }

    /** Answers a connection over the limit with REFUSE (code 4) and closes it, on the acceptor thread. */
    private void refuseOverLimit(Socket s) {
        String message = "node over its limit of " + settings.maxConnections() + " tcp connections, each with a call in flight";
        statistics.connectionsRefused.increment();
        refusedLog.log("tcp: refused connection from " + s.getRemoteSocketAddress() + ": " + message);
        try (s) {
            WireBuffer b = new WireBuffer(256);
            b.position = TcpFrameDescriptor.HEADER_LENGTH;
            Handshake.writeRefusal(b, Handshake.REFUSED_UNAVAILABLE, message);
            TcpFrameDescriptor.writeHeader(b.array, b.position, MessageType.REFUSE, 0);
            s.getOutputStream().write(b.array, 0, b.position); // small: fits the fresh socket's send buffer
            s.shutdownOutput();
            java.io.InputStream in = s.getInputStream();
            int unread = in.available(); // drop an arrived hello: closing with unread input would reset the REFUSE away
            if (unread > 0) {
                in.skip(unread);
            }
        } catch (IOException e) {
            LOG.log(DEBUG, "tcp: refusing " + s.getRemoteSocketAddress() + ": " + e);
        }
    }

    @Override
    public String toString() {
        Utid u = localUtid();
        return u != null ? TcpAddress.describe(u) : "tcp " + bindAddress.getHostAddress() + " (not listening yet)";
    }

    /** {@link System#nanoTime()} to within a watchdog period (10 ms), without a system call. */
    long coarseNanos() {
        return coarseNanos;
    }

    void inboundClosed(TcpServerConnection c) {
        inbound.closed(c);
    }

    /** Counts and logs (rate-limited) a connection retired at the limit to admit a new one. */
    /** A connection's thread, between calls: retires it because the reference layer asked to. */
    void retireOnRequest(TcpServerConnection c) {
        inbound.retireOnRequest(c, System.nanoTime());
    }

    void retired(TcpServerConnection c, String why) {
        statistics.connectionsRefused.increment();
        retiredLog.log("tcp: at the limit of " + settings.maxConnections() + " connections, retired the one from "
                + c.peer + " (" + why + ") to admit a new one");
    }

    /** Counts and logs (rate-limited) a connection closed because its handshake was refused, failed or too slow. */
    void handshakeFailed(String peer, String why) {
        statistics.connectionsRefused.increment();
        handshakeLog.log("tcp: closed connection from " + peer + ": " + why);
    }

    /** Logs (rate-limited) a connection closed for bad input after its handshake. */
    void misbehaved(String peer, String why) {
        misbehaviourLog.log("tcp: closing connection from " + peer + ": " + why);
    }

    private void watchdogLoop() {
        long idleNanos = settings.idleTimeoutMillis() * 1_000_000L;
        long idlePeriod = Math.max(1, Math.min(1000,
                Math.min(settings.idleTimeoutMillis(), settings.serverIdleTimeoutMillis()) / 4)) * 1_000_000L;
        long nextIdleScan = System.nanoTime() + idlePeriod;
        while (!closed) {
            LockSupport.parkNanos(this, WATCHDOG_PERIOD_NANOS);
            long now = System.nanoTime();
            coarseNanos = now;
            for (TcpLink link : links) {
                link.checkDeadline(now);
            }
            if (now - nextIdleScan < 0) {
                continue;
            }
            nextIdleScan = now + idlePeriod;
            for (ConnectionPool pool : pools.values()) {
                pool.closeIdle(now, idleNanos); // pools stay (one per peer): removing one races with a release into it
            }
            inbound.scan(now);
        }
    }

    /** Every open connection, client and server ends. */
    List<ConnectionInfo> connections() {
        long now = System.nanoTime();
        List<ConnectionInfo> out = new ArrayList<>();
        for (TcpLink link : links) {
            if (!link.isClosed()) {
                out.add(link.info(now));
            }
        }
        return out;
    }

    /** Closes the listener and every connection; in-flight calls end with an IOException. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<TcpListener> open;
        synchronized (this) {
            open = new ArrayList<>(listeners.values());
            open.addAll(factoryListeners.values());
            listeners.clear();
            factoryListeners.clear();
        }
        for (TcpListener l : open) {
            l.close();
        }
        LockSupport.unpark(watchdog);
        inbound.close();
        for (ConnectionPool pool : pools.values()) {
            pool.closeAll();
        }
        pools.clear();
        for (TcpLink link : links) {
            if (link instanceof TcpServerConnection s) {
                s.shutdown();
            } else {
                link.close();
            }
        }
        join(watchdog);
    }

    private static void join(Thread t) {
        if (t != Thread.currentThread()) {
            try {
                t.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
