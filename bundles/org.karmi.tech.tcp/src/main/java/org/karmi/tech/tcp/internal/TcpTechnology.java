package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.List;
import java.util.function.UnaryOperator;
import org.karmi.spi.transport.TechnologyCounters;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;

/**
 * The {@code tcp} technology: blocking sockets with TCP_NODELAY, a pool of reused client
 * connections per remote node (one call at a time each), a thread per inbound connection, and
 * a watchdog for idle connections. Thread-safe; {@code start}/{@code close} may alternate any
 * number of times, each start being a new life with fresh connections and statistics.
 *
 * <p>The public no-arg constructor (used through {@link java.util.ServiceLoader} outside
 * OSGi) reads its settings from the {@code karmi.tcp.*} system properties, see
 * {@link TcpSettings#fromSystemProperties()}; without {@code karmi.tcp.port} it listens on
 * demand, as {@code java.rmi}. Besides its own port it listens on every port an export asks
 * for ({@link #listen(int)}).
 */
public final class TcpTechnology implements Technology {

    private static final TechnologyStatistics NONE = new TechnologyCounters();

    private final TcpSettings settings;
    private final TlsSettings tls;
    /** The host UTIDs name ({@code java.rmi.server.hostname}); {@code null}: derived from the bind address. */
    private final String advertisedHost;
    /** Client socket factories given by the application and the reader of those in UTIDs (kept across start/close). */
    private final ClientFactories factories;
    private volatile TcpEndpoint endpoint;
    private volatile TechnologyStatistics lastStatistics = NONE;

    /** The system property {@code java.rmi} reads the advertised host name from. */
    public static final String HOSTNAME_PROPERTY = "java.rmi.server.hostname";

    /**
     * The facade's technology outside OSGi, from the {@code karmi.tcp.*} system properties, as
     * {@code java.rmi} listens: without {@code karmi.tcp.port} nothing is bound until the first
     * export, which binds an ephemeral port ({@link TcpSettings#LISTEN_ON_DEMAND}); with
     * {@value #HOSTNAME_PROPERTY} set (and no {@code karmi.tcp.host}) the wildcard address is
     * bound and UTIDs name that host. Otherwise 127.0.0.1, no TLS.
     */
    public TcpTechnology() {
        this(facadeSettings(System::getProperty), TlsSettings.fromSystemProperties(), System.getProperty(HOSTNAME_PROPERTY),
                ClientFactories.parse(System.getProperty(TcpSettings.PROPERTY_PREFIX + ClientFactories.KEY)));
    }

    /** The facade's settings from a system property lookup (full names), as {@link #TcpTechnology()} describes. */
    static TcpSettings facadeSettings(UnaryOperator<String> property) {
        TcpSettings s = TcpSettings.fromProperties(name -> property.apply(TcpSettings.PROPERTY_PREFIX + name));
        String port = property.apply(TcpSettings.PROPERTY_PREFIX + "port");
        if (port == null || port.isBlank()) {
            s = s.withPort(TcpSettings.LISTEN_ON_DEMAND);
        }
        String host = property.apply(TcpSettings.PROPERTY_PREFIX + "host");
        String hostname = property.apply(HOSTNAME_PROPERTY);
        if ((host == null || host.isBlank()) && hostname != null && !hostname.isBlank()) {
            s = s.withHost("0.0.0.0");
        }
        return s;
    }

    /** Plaintext only. */
    public TcpTechnology(TcpSettings settings) {
        this(settings, TlsSettings.DISABLED);
    }

    public TcpTechnology(TcpSettings settings, TlsSettings tls) {
        this(settings, tls, null);
    }

    /**
     * @param advertisedHost the host UTIDs name (blank or {@code null}: the bound address, or
     *                       the local host's for a wildcard address)
     */
    public TcpTechnology(TcpSettings settings, TlsSettings tls, String advertisedHost) {
        this(settings, tls, advertisedHost, List.of());
    }

    /**
     * @param socketFactories client socket factory classes a UTID may carry besides
     *                        {@code javax.rmi.ssl.SslRMIClientSocketFactory} and those the
     *                        application gave: {@code a.B}, {@code a.*}, {@code a.**} (setting
     *                        {@value ClientFactories#KEY})
     */
    public TcpTechnology(TcpSettings settings, TlsSettings tls, String advertisedHost, List<String> socketFactories) {
        this.factories = new ClientFactories(socketFactories);
        this.settings = settings;
        this.tls = tls;
        this.advertisedHost = advertisedHost == null || advertisedHost.isBlank() ? null : advertisedHost.trim();
    }

    public TcpSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return TcpAddress.NAME;
    }

    @Override
    public synchronized void start(TechnologyContext context) throws IOException {
        if (endpoint != null) {
            throw new IllegalStateException("tcp technology already started at " + endpoint);
        }
        TcpEndpoint e = TcpEndpoint.start(this, settings, tls, context, advertisedHost, factories);
        lastStatistics = e.statistics;
        endpoint = e;
    }

    @Override
    public Utid localUtid() {
        TcpEndpoint e = endpoint;
        if (e == null) {
            throw new IllegalStateException("tcp technology not started");
        }
        Utid u = e.localUtid();
        if (u == null) {
            throw new IllegalStateException("tcp technology listens on demand and has no export yet");
        }
        return u;
    }

    /** Listens on {@code port} (0: the own port, bound now if on demand); see {@link Technology#listen}. */
    @Override
    public Utid listen(int port) throws IOException {
        if (port < 0 || port > 0xffff) {
            throw new IllegalArgumentException("tcp port out of range: " + port);
        }
        TcpEndpoint e = endpoint;
        if (e == null) {
            throw new IllegalStateException("tcp technology not started");
        }
        return e.listen(port);
    }

    @Override
    public void unlisten(int port) {
        TcpEndpoint e = endpoint;
        if (e != null && port != 0) {
            e.unlisten(port);
        }
    }

    /**
     * Listens through {@code ssf} (if given) for one more export and returns a UTID carrying
     * {@code csf} (if given), whose class is allowed in UTIDs from now on; see
     * {@link Technology#listen(int, RMIServerSocketFactory, RMIClientSocketFactory)}.
     */
    @Override
    public Utid listen(int port, RMIServerSocketFactory ssf, RMIClientSocketFactory csf) throws IOException {
        if (ssf == null && csf == null) {
            return listen(port);
        }
        if (port < 0 || port > 0xffff) {
            throw new IllegalArgumentException("tcp port out of range: " + port);
        }
        TcpEndpoint e = endpoint;
        if (e == null) {
            throw new IllegalStateException("tcp technology not started");
        }
        byte[] bytes = null;
        if (csf != null) {
            bytes = ClientFactories.serialize(csf);
            factories.remember(csf);
        }
        return e.listen(port, ssf, bytes);
    }

    @Override
    public void unlisten(int port, RMIServerSocketFactory ssf, RMIClientSocketFactory csf) {
        TcpEndpoint e = endpoint;
        if (e != null) {
            e.unlisten(port, ssf);
        }
    }

    /**
     * The tcp UTID of {@code host:port} reached through {@code csf}, whose class is allowed in
     * UTIDs from now on; without {@code csf} the same as {@link #utidFor(String, int)}.
     *
     * @throws IllegalArgumentException if the port is out of range or {@code csf} cannot travel
     *         in a UTID (not serializable, too large)
     */
    @Override
    public Utid utidFor(String host, int port, RMIClientSocketFactory csf) throws java.net.UnknownHostException {
        if (csf == null) {
            return utidFor(host, port);
        }
        if (port <= 0 || port > 0xffff) {
            throw new IllegalArgumentException("tcp port out of range: " + port);
        }
        byte[] bytes;
        try {
            bytes = ClientFactories.serialize(csf);
        } catch (IOException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        factories.remember(csf);
        return TcpAddress.withFactory(TcpAddress.utid(java.net.InetAddress.getByName(host), port, false), bytes);
    }

    /** The configured client socket factory patterns (tests). */
    List<String> socketFactories() {
        return factories.patterns();
    }

    @Override
    public boolean canReach(Utid utid) {
        return TcpAddress.isTcp(utid);
    }

    /**
     * The tcp UTID of {@code host:port}; the host name is resolved now. It carries the TLS flag
     * when this node speaks only TLS (it would connect with TLS anyway, and the UTID then equals
     * the one the node at host:port advertises, so both share one connection pool).
     *
     * @throws java.net.UnknownHostException if {@code host} does not resolve
     * @throws IllegalArgumentException if {@code port} is not 1 to 65535
     */
    @Override
    public Utid utidFor(String host, int port) throws java.net.UnknownHostException {
        if (port <= 0 || port > 0xffff) {
            throw new IllegalArgumentException("tcp port out of range: " + port);
        }
        return TcpAddress.utid(java.net.InetAddress.getByName(host), port, tls.tlsOnly());
    }

    /** {@code tcp 127.0.0.1:2099} ({@code [::1]:2099} for IPv6); other UTIDs in hex form. */
    @Override
    public String describe(Utid utid) {
        return TcpAddress.describe(utid);
    }

    @Override
    public Connection acquire(Utid remote, long timeoutMillis) throws IOException {
        TcpEndpoint e = endpoint;
        if (e == null) {
            throw new IOException("tcp technology is not started (or closed)");
        }
        return e.acquire(remote, timeoutMillis);
    }

    @Override
    public List<ConnectionInfo> connections() {
        TcpEndpoint e = endpoint;
        return e == null ? List.of() : e.connections();
    }

    @Override
    public TechnologyStatistics statistics() {
        return lastStatistics;
    }

    @Override
    public void close() {
        TcpEndpoint e;
        synchronized (this) {
            e = endpoint;
            endpoint = null;
        }
        if (e != null) {
            e.close();
        }
    }

    @Override
    public String toString() {
        TcpEndpoint e = endpoint;
        return "TcpTechnology[" + (e == null ? "not started, " + settings.host() + ":" + settings.port() : e) + "]";
    }
}
