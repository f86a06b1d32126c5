package org.karmi.spi.transport;

import java.io.IOException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.List;

/**
 * A transport technology: one kind of network a node can use (TCP, ParaStation shared memory,
 * ...), the lowest of KaRMI's three layers (paper, section 4.3). A node may have several at
 * once; the reference layer picks, per remote reference, the most preferred technology
 * that {@linkplain #canReach can reach} one of the reference's {@link Utid}s.
 *
 * <p>A technology knows nothing of stubs, objects or serialization. It moves opaque
 * messages in {@link WireBuffer}s: the reference layer writes a marshalled call into
 * {@link Connection#request()}, {@link Connection#call(long) calls}, and reads the reply out of
 * the buffer that call returns (the paper's {@code XApplicationCall}). No object and no boxed
 * primitive is created per call by this interface: connections and their buffers are reused.
 *
 * <h2>Life cycle</h2>
 * <ol>
 * <li>The reference layer calls {@link #start(TechnologyContext)} once: the technology binds
 * its address (for example a server socket) and from then on delivers inbound calls to
 * {@link TechnologyContext#inbound()}. {@link #localUtid()} is valid after {@code start},
except for a technology that listens on demand: it throws {@link IllegalStateException}
until the first {@link #listen(int)}.
 * A bind failure (port in use) throws from {@code start} with a message naming the address.</li>
 * <li>{@link #acquire(Utid, long)} hands out connections, each carrying one call at a time;
 * a technology pools and reuses them and closes idle ones (a watchdog).</li>
 * <li>{@link #close()} closes every connection; calls in flight over it end with an
 * {@link IOException} (never a hang). A closed technology may be {@linkplain #start started}
 * again (in OSGi the reference layer may be re-activated while the technology service stays
 * registered): each start is a new life with new connections and possibly a new address.</li>
 * </ol>
 *
 * <h2>Wire</h2>
 * Every technology opens each connection with a {@link Handshake} and carries the frame
 * types of {@link MessageType}; {@code docs/PROTOCOL.md} gives each technology's framing.
 *
 * <h2>In OSGi</h2>
 * Register an implementation as a service with the property {@value #PROPERTY_NAME} =
 * {@link #name()}. The reference layer binds technologies dynamically.
 *
 * <p>Implementations are thread-safe.
 */
@org.osgi.annotation.versioning.ConsumerType
public interface Technology extends AutoCloseable {

    /** Service property carrying the technology's name. */
    String PROPERTY_NAME = "karmi.technology";

    /** The unique name of this kind of technology: {@code tcp}, {@code parastation}, ... */
    String name();

    /**
     * Starts the technology for a node: binds the local address and starts delivering
     * inbound messages to {@code context.inbound()}.
     *
     * @throws IOException if the address cannot be bound; the message names the address
     * @throws IllegalStateException if already started and not closed since
     */
    void start(TechnologyContext context) throws IOException;

    /**
     * The address another node needs to reach this node through this technology.
     *
     * @throws IllegalStateException before {@link #start}, and before the first
     *         {@link #listen(int)} of a technology that listens on demand
     */
    Utid localUtid();

    /**
     * Whether this technology can reach the node with that UTID: the name matches and the
     * address is in reach (for a shared-memory technology, the same domain). Cheap: called
     * for every UTID of every incoming reference.
     */
    boolean canReach(Utid utid);

    /**
     * A connection to the node at {@code remote}, handshake done, for exclusive use by the
     * caller until {@link Connection#release()} or {@link Connection#discard()}. Reuses an
     * idle pooled connection when there is one.
     *
     * @param timeoutMillis bound on connecting and handshaking (> 0)
     * @throws java.net.ConnectException if nobody listens at {@code remote}
     * @throws IOException on any other failure, including a refused handshake (the message says why)
     */
    Connection acquire(Utid remote, long timeoutMillis) throws IOException;

    /**
     * The UTID under which a node of this technology listens at {@code host:port}, for
     * technologies addressed by host name and port (TCP). The reference layer asks every
     * running technology in preference order when a user names a registry by host and port
     * ({@link org.karmi.RemoteRuntime#registry(String, int)}) and takes the first answer.
     * The default refuses: most technologies (a shared-memory domain) have no host:port form.
     *
     * @throws UnsupportedOperationException if this technology has no host:port addresses
     * @throws java.net.UnknownHostException if {@code host} does not resolve
     * @throws IllegalArgumentException if {@code port} is out of range
     * @since 1.1
     */
    default Utid utidFor(String host, int port) throws java.net.UnknownHostException {
        throw new UnsupportedOperationException(name() + " has no host:port addresses");
    }

    /**
     * A UTID of this technology for people, for log lines and messages: for example
     * {@code tcp 127.0.0.1:2099}. Never throws; a UTID this technology cannot decode is
     * printed in its {@linkplain Utid#toString() hex form}, which is also the default.
     *
     * @since 1.1
     */
    default String describe(Utid utid) {
        return utid.toString();
    }

    /**
     * Makes this technology receive calls on {@code port} for one more export and returns the
     * UTID of that endpoint, for technologies addressed by host and port (TCP), as
     * {@code java.rmi}'s {@code exportObject(obj, port)} and {@code createRegistry(port)} ask.
     * Port 0 names the technology's own endpoint: a technology that listens on demand opens it
     * now (on a port of its choice) and keeps it until {@link #close()}. Every successful call
     * with a non-zero port is paired with one {@link #unlisten(int)}; the endpoint of a port
     * closes when its last export is gone. The default answers {@link #localUtid()} for port
     * 0 and refuses other ports.
     *
     * @param port 0 for the technology's own endpoint, else 1 to 65535
     * @throws java.net.BindException if the port is taken (by another process, for example);
     *         the message names the address
     * @throws IOException if the endpoint cannot be opened for another reason
     * @throws UnsupportedOperationException if this technology has no ports
     * @throws IllegalStateException before {@link #start}
     * @since 1.5
     */
    default Utid listen(int port) throws IOException {
        if (port == 0) {
            return localUtid();
        }
        throw new UnsupportedOperationException(name() + " has no ports");
    }

    /**
     * One export that {@link #listen(int) listened} on {@code port} (not 0) is gone; the
     * endpoint of that port closes when none is left (connections in it stay until they end).
     * The default does nothing.
     *
     * @since 1.5
     */
    default void unlisten(int port) {
        // no ports
    }

    /**
     * Like {@link #listen(int)} for an export that gave {@code java.rmi} socket factories
     * ({@code exportObject(obj, port, csf, ssf)}, {@code createRegistry(port, csf, ssf)}): the
     * endpoint accepts through {@code ssf.createServerSocket(port)} (one endpoint per port and
     * equal {@code ssf}; port 0 is asked of the factory as 0, and exports with port 0 and equal
     * factories share one endpoint), and the returned UTID carries {@code csf}, so that every
     * holder of the reference connects through {@code csf.createSocket(host, port)}. Either
     * factory may be {@code null} (the technology's own sockets). Every successful call with a
     * factory or a non-zero port is paired with one {@link #unlisten(int, RMIServerSocketFactory,
     * RMIClientSocketFactory)} with equal arguments. The default delegates to {@link #listen(int)}
     * when both factories are {@code null} and refuses otherwise.
     *
     * @param port 0 for any port, else 1 to 65535
     * @throws java.net.BindException if the port is taken
     * @throws IOException if the endpoint cannot be opened (the factory failed, {@code csf} is not
     *         serializable or too large)
     * @throws UnsupportedOperationException if this technology does not use socket factories
     * @throws IllegalStateException before {@link #start}
     * @since 1.7
     */
    default Utid listen(int port, RMIServerSocketFactory ssf, RMIClientSocketFactory csf) throws IOException {
        if (ssf == null && csf == null) {
            return listen(port);
        }
        throw new UnsupportedOperationException(name() + " does not use socket factories");
    }

    /**
     * One export that {@linkplain #listen(int, RMIServerSocketFactory, RMIClientSocketFactory)
     * listened} with these arguments is gone; the endpoint closes when none is left. The default
     * delegates to {@link #unlisten(int)} when both factories are {@code null} and does nothing
     * otherwise.
     *
     * @since 1.7
     */
    default void unlisten(int port, RMIServerSocketFactory ssf, RMIClientSocketFactory csf) {
        if (ssf == null && csf == null && port != 0) {
            unlisten(port);
        }
    }

    /**
     * Like {@link #utidFor(String, int)}, for a registry named by host, port and a client socket
     * factory ({@code getRegistry(host, port, csf)}): the UTID carries {@code csf}, and
     * connections to it are made by {@code csf.createSocket(host, port)}. The default delegates
     * when {@code csf} is {@code null} and refuses otherwise.
     *
     * @throws UnsupportedOperationException if this technology has no host:port addresses or
     *         does not use socket factories
     * @throws java.net.UnknownHostException if {@code host} does not resolve
     * @throws IllegalArgumentException if {@code port} is out of range or {@code csf} cannot be
     *         carried (not serializable, too large)
     * @since 1.7
     */
    default Utid utidFor(String host, int port, RMIClientSocketFactory csf) throws java.net.UnknownHostException {
        if (csf == null) {
            return utidFor(host, port);
        }
        throw new UnsupportedOperationException(name() + " does not use socket factories");
    }

    /**
     * The connections open now, client and server ends: a snapshot for people and health checks
     * (the shell's {@code karmi:connections}). The default answers none, for a technology that
     * cannot tell.
     *
     * @since 1.7
     */
    default List<ConnectionInfo> connections() {
        return List.of();
    }

    /** Counters of this technology's traffic since {@link #start}. */
    TechnologyStatistics statistics();

    /** Closes the listener and every connection; {@link #start} may be called again. Idempotent. */
    @Override
    void close();
}
