package org.karmi.tech.tcp.internal;

import static java.lang.System.Logger.Level.DEBUG;
import static java.lang.System.Logger.Level.WARNING;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.locks.LockSupport;
import org.karmi.spi.transport.Utid;

/**
 * One listening port of a {@link TcpEndpoint} and its acceptor thread, which hands each
 * accepted socket to the endpoint (one budget and one set of connections for every port).
 * Counts the exports that asked for its port; the endpoint closes it when none is left.
 * Thread-safe: the count is guarded by the endpoint's lock, the rest is fixed or volatile.
 */
final class TcpListener {

    private static final int BACKLOG = 128;

    final int port;
    final Utid utid;
    private final ServerSocket serverSocket;
    private final Thread acceptor;
    /** Whether the socket came from an application's server socket factory: its sockets are the transport (no TLS sniffing). */
    private final boolean factory;
    private volatile boolean closed;
    /** Exports on this port (guarded by the endpoint); the endpoint's own listener never closes on 0. */
    int exports;

    private TcpListener(TcpEndpoint endpoint, ServerSocket serverSocket, Utid utid, boolean factory) {
        this.serverSocket = serverSocket;
        this.factory = factory;
        this.port = serverSocket.getLocalPort();
        this.utid = utid;
        String name = TcpAddress.text((InetSocketAddress) serverSocket.getLocalSocketAddress());
        this.acceptor = new Thread(() -> acceptLoop(endpoint), "karmi-tcp-accept-" + name);
        acceptor.setDaemon(true);
    }

    /**
     * Binds {@code bind:port} (port 0: one the system picks) and starts accepting; the UTID
     * names {@code advertised} and the bound port.
     *
     * @throws BindException naming host:port if it cannot be bound (for example, in use)
     */
    static TcpListener open(TcpEndpoint endpoint, InetAddress bind, int port, InetAddress advertised)
            throws IOException {
        ServerSocket ss = new ServerSocket();
        try {
            ss.setReuseAddress(true);
            ss.bind(new InetSocketAddress(bind, port), BACKLOG);
        } catch (IOException e) {
            ss.close();
            BindException b = new BindException("tcp technology cannot bind "
                    + TcpAddress.text(new InetSocketAddress(bind, port)) + ": " + e.getMessage());
            b.initCause(e);
            throw b;
        }
        TcpListener l = new TcpListener(endpoint, ss, TcpAddress.utid(advertised, ss.getLocalPort(),
                endpoint.tls.tlsOnly()), false);
        l.acceptor.start();
        return l;
    }

    /**
     * Listens through an application's server socket factory: {@code ssf.createServerSocket(port)}
     * (port 0 asked as 0, as java.rmi asks), wherever the factory binds; the UTID names
     * {@code advertised} and the bound port, without the TLS flag (the factory's sockets are the
     * transport, this node's TLS is not applied to them).
     *
     * @throws BindException naming the port and the factory if it cannot listen
     */
    static TcpListener open(TcpEndpoint endpoint, java.rmi.server.RMIServerSocketFactory ssf, int port,
                            InetAddress advertised) throws IOException {
        ServerSocket ss;
        try {
            ss = ssf.createServerSocket(port);
        } catch (IOException | RuntimeException e) {
            BindException b = new BindException("server socket factory " + ssf.getClass().getName()
                    + " cannot listen on tcp port " + port + ": " + e.getMessage());
            b.initCause(e);
            throw b;
        }
        if (ss == null || !ss.isBound() || ss.getLocalPort() <= 0) {
            if (ss != null) {
                ss.close();
            }
            throw new BindException("server socket factory " + ssf.getClass().getName() + " gave no bound server socket"
                    + " for tcp port " + port);
        }
        TcpListener l = new TcpListener(endpoint, ss, TcpAddress.utid(advertised, ss.getLocalPort(), false), true);
        l.acceptor.start();
        return l;
    }

    private void acceptLoop(TcpEndpoint endpoint) {
        while (!closed) {
            Socket s;
            try {
                s = serverSocket.accept();
            } catch (IOException e) {
                if (!closed) {
                    TcpEndpoint.LOG.log(WARNING, "tcp: accept on " + TcpAddress.describe(utid) + " failed: " + e);
                    LockSupport.parkNanos(10_000_000L); // e.g. out of file descriptors: do not spin
                }
                continue;
            }
            endpoint.accepted(s, factory);
        }
    }

    /** Stops accepting and closes the port; connections it accepted stay. Idempotent. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            serverSocket.close();
        } catch (IOException e) {
            TcpEndpoint.LOG.log(DEBUG, "tcp: closing " + TcpAddress.describe(utid) + ": " + e);
        }
        if (acceptor != Thread.currentThread()) {
            try {
                acceptor.join(2000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
