package org.karmi.core.internal;

import java.rmi.ConnectException;
import java.rmi.server.ExportException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;

/**
 * The node's running technologies in preference order, and the choice of a route per remote
 * reference (paper, section 4.3): the most preferred running technology that
 * {@linkplain Technology#canReach reaches} one of the reference's UTIDs; technologies not
 * named in the preference come last, in arrival order. So a reference carrying both a
 * {@code parastation} and a {@code tcp} UTID is called over ParaStation by a node of the same
 * domain and over TCP by any other, even if the first contact with that node went over TCP
 * (a registry named by host and port). A route learned from an answered call is only the
 * fallback for a reference that carries no UTID this node understands. Thread-safe: the list
 * is copy-on-write, each change bumps the generation so that cached routes are chosen again.
 */
final class Technologies {

    private volatile List<String> preference;
    /** Immutable, replaced whole under this object's lock: readers never see a half-sorted list. */
    private volatile List<Technology> running = List.of();
    private final ConcurrentHashMap<Long, Route> learned = new ConcurrentHashMap<>();
    private volatile long generation;

    Technologies(List<String> preference) {
        this.preference = List.copyOf(preference);
    }

    long generation() {
        return generation;
    }

    synchronized void add(Technology t) {
        List<Technology> next = new ArrayList<>(running);
        next.add(t);
        running = sorted(next);
        generation++;
    }

    /** Takes a new preference order: routes are chosen anew from the next call on. */
    synchronized void prefer(List<String> order) {
        if (!order.equals(preference)) {
            preference = List.copyOf(order);
            running = sorted(new ArrayList<>(running));
            learned.clear();
            generation++;
        }
    }

    synchronized boolean remove(Technology t) {
        List<Technology> next = new ArrayList<>(running);
        boolean removed = next.remove(t);
        if (removed) {
            running = List.copyOf(next);
            learned.values().removeIf(r -> r.technology == t);
            generation++;
        }
        return removed;
    }

    boolean contains(Technology t) {
        return running.contains(t);
    }

    List<Technology> all() {
        return running;
    }

    private List<Technology> sorted(List<Technology> list) {
        list.sort((a, b) -> Integer.compare(rank(a.name()), rank(b.name())));
        return List.copyOf(list);
    }

    private int rank(String name) {
        int i = preference.indexOf(name);
        return i < 0 ? preference.size() : i;
    }

    /** The UTIDs of every running technology, in preference order. */
    List<Utid> localUtids() {
        List<Utid> out = new ArrayList<>();
        for (Technology t : running) {
            try {
                out.add(t.localUtid());
            } catch (IllegalStateException e) {
                // not started (or closed meanwhile): it has no address to offer
            }
        }
        return out;
    }

    /**
     * The route to a node with these UTIDs: the most preferred running technology that reaches
     * one of them; if none does, a route learned earlier for the node.
     *
     * @param nodeId the node's id if known (0 if not), for the learned fallback
     * @throws ConnectException if no running technology reaches any of them and none is learned
     */
    Route choose(long nodeId, List<Utid> utids) throws ConnectException {
        long gen = generation;
        for (Technology t : running) {
            for (Utid u : utids) {
                if (u.technology().equals(t.name()) && t.canReach(u)) {
                    return new Route(t, u, gen);
                }
            }
        }
        if (nodeId != 0) {
            Route r = learned.get(nodeId);
            if (r != null && r.generation == gen) {
                return r;
            }
        }
        throw new ConnectException("no common technology: this node runs " + names() + ", the remote object offers " + utids);
    }

    /** Remembers that node {@code nodeId} answered at {@code route}. */
    void learn(long nodeId, Route route) {
        if (nodeId != 0 && route.generation == generation) {
            learned.putIfAbsent(nodeId, route);
        }
    }

    /** Forgets a learned route (its connection failed). */
    void forget(long nodeId, Route route) {
        learned.remove(nodeId, route);
    }

    /**
     * The UTID at {@code host:port} from the first running technology, in preference order,
     * that has host:port addresses ({@link Technology#utidFor}).
     *
     * @throws java.rmi.UnknownHostException if the host does not resolve
     * @throws ConnectException if no running technology has host:port addresses
     */
    Utid utidFor(String host, int port) throws java.rmi.RemoteException {
        for (Technology t : running) {
            try {
                return t.utidFor(host, port);
            } catch (UnsupportedOperationException e) {
                // a technology without host:port addresses: ask the next one
            } catch (java.net.UnknownHostException e) {
                throw new java.rmi.UnknownHostException("unknown host: " + host, e);
            } catch (IllegalArgumentException e) {
                throw new ConnectException("bad registry address " + host + ":" + port + ": " + e.getMessage(), e);
            }
        }
        throw new ConnectException("cannot reach " + host + ":" + port + ": no running technology has host:port addresses"
                + " (this node runs " + names() + ")");
    }

    /**
     * The UTID at {@code host:port} reached through the client socket factory {@code csf}
     * ({@link Technology#utidFor(String, int, java.rmi.server.RMIClientSocketFactory)}) from the
     * first running technology that has host:port addresses and uses socket factories;
     * {@code csf == null}: {@link #utidFor(String, int)}.
     *
     * @throws java.rmi.UnknownHostException if the host does not resolve
     * @throws ConnectException if no running technology can, or the factory cannot travel in a UTID
     */
    Utid utidFor(String host, int port, java.rmi.server.RMIClientSocketFactory csf) throws java.rmi.RemoteException {
        if (csf == null) {
            return utidFor(host, port);
        }
        for (Technology t : running) {
            try {
                return t.utidFor(host, port, csf);
            } catch (UnsupportedOperationException e) {
                // no host:port addresses, or no socket factories: ask the next one
            } catch (java.net.UnknownHostException e) {
                throw new java.rmi.UnknownHostException("unknown host: " + host, e);
            } catch (IllegalArgumentException e) {
                throw new ConnectException("cannot reach " + host + ":" + port + " through client socket factory "
                        + csf.getClass().getName() + ": " + e.getMessage(), e);
            }
        }
        throw new ConnectException("cannot reach " + host + ":" + port + " through client socket factory "
                + csf.getClass().getName() + ": no running technology uses socket factories (this node runs " + names() + ")");
    }

    /**
     * Like {@link #listen(int)} for an export that gave socket factories: every running
     * technology that uses them listens ({@link Technology#listen(int,
     * java.rmi.server.RMIServerSocketFactory, java.rmi.server.RMIClientSocketFactory)}); one that
     * does not is left out of the export's UTIDs (its own sockets would bypass the factories).
     * Paired with one {@link #unlisten(int, java.rmi.server.RMIServerSocketFactory,
     * java.rmi.server.RMIClientSocketFactory)}. Without factories, {@link #listen(int)}.
     *
     * @throws ExportException if a technology cannot listen (the factory failed, the port is taken)
     *         or none uses socket factories
     */
    List<Utid> listen(int port, java.rmi.server.RMIServerSocketFactory ssf, java.rmi.server.RMIClientSocketFactory csf)
            throws ExportException {
        if (ssf == null && csf == null) {
            return listen(port);
        }
        List<Utid> out = new ArrayList<>();
        List<Technology> listened = new ArrayList<>();
        for (Technology t : running) {
            try {
                out.add(t.listen(port, ssf, csf));
                listened.add(t);
            } catch (UnsupportedOperationException | IllegalStateException e) {
                // does not use socket factories, or not started: not advertised for this export
            } catch (java.io.IOException | IllegalArgumentException e) {
                for (Technology l : listened) {
                    l.unlisten(port, ssf, csf);
                }
                throw new ExportException((port == 0 ? "cannot listen" : "Port already in use: " + port)
                        + " with socket factories " + csf + ", " + ssf + " (" + e.getMessage() + ")", e);
            }
        }
        if (out.isEmpty()) {
            throw new ExportException("cannot export with socket factories: no running technology uses them"
                    + " (this node runs " + names() + ")");
        }
        return out;
    }

    /** One export with socket factories is gone; without factories {@link #unlisten(int)}. */
    void unlisten(int port, java.rmi.server.RMIServerSocketFactory ssf, java.rmi.server.RMIClientSocketFactory csf) {
        if (ssf == null && csf == null) {
            unlisten(port);
            return;
        }
        for (Technology t : running) {
            try {
                t.unlisten(port, ssf, csf);
            } catch (RuntimeException e) {
                // a technology failing to close a port must not fail the unexport
            }
        }
    }

    /**
     * Makes every running technology receive calls on {@code port} for one more export
     * ({@link Technology#listen}; 0: each one's own endpoint, opened now if it listens on
     * demand) and returns the UTIDs of those endpoints in preference order; a technology
     * without ports contributes its own UTID. On failure the technologies that listened are
     * released again.
     *
     * @throws ExportException if a technology cannot listen there (the port is taken)
     */
    List<Utid> listen(int port) throws ExportException {
        List<Utid> out = new ArrayList<>();
        List<Technology> listened = new ArrayList<>();
        for (Technology t : running) {
            try {
                out.add(t.listen(port));
                listened.add(t);
            } catch (UnsupportedOperationException | IllegalStateException e) {
                try {
                    out.add(t.localUtid()); // no ports, or not started: its own address if it has one
                } catch (IllegalStateException none) {
                    // nothing to offer
                }
            } catch (java.io.IOException e) {
                if (port != 0) {
                    for (Technology l : listened) {
                        l.unlisten(port);
                    }
                }
                throw new ExportException(port == 0 ? "cannot listen: " + e.getMessage()
                        : "Port already in use: " + port + " (" + e.getMessage() + ")", e);
            }
        }
        return out;
    }

    /** One export on {@code port} (not 0) is gone: every running technology may close that port. */
    void unlisten(int port) {
        if (port == 0) {
            return;
        }
        for (Technology t : running) {
            try {
                t.unlisten(port);
            } catch (RuntimeException e) {
                // a technology failing to close a port must not fail the unexport
            }
        }
    }

    /** A UTID for people, as its technology prints it (hex form if none of ours knows it). */
    String describe(Utid u) {
        for (Technology t : running) {
            if (t.name().equals(u.technology())) {
                try {
                    return t.describe(u);
                } catch (RuntimeException e) {
                    break;
                }
            }
        }
        return u.toString();
    }

    List<String> names() {
        List<String> n = new ArrayList<>();
        for (Technology t : running) {
            n.add(t.name());
        }
        return n;
    }
}
