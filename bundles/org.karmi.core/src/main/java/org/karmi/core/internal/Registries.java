package org.karmi.core.internal;

import java.rmi.server.ExportException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.karmi.spi.transport.ServerConnection;

/**
 * A node's registries: its own (permanent, object number 0) and those made by
 * {@code createRegistry(port)}, at most one per port, each an ordinary exported object that
 * can be unexported. A call addressed to the well-known registry number (a registry named by
 * host and port) reaches the registry created for the port it arrived on
 * ({@link ServerConnection#localPort()}); a local call, a call over a technology without
 * ports or on a port that never had a registry of its own reaches the first registry created
 * that is still exported, else the node's own; on a port whose registry was unexported, none. Thread-safe: changes and look-ups by port are synchronized; the fallback is a volatile read.
 */
final class Registries {

    private final Exported own;
    private final Map<Integer, Exported> byPort = new LinkedHashMap<>();
    /** Ports whose registry was unexported: calls on them find no registry, as in java.rmi. */
    private final java.util.Set<Integer> unexported = new java.util.HashSet<>();
    private volatile Exported answering;

    Registries(Exported own) {
        this.own = own;
        this.answering = own;
    }

    /** The node's own registry. */
    Exported own() {
        return own;
    }

    /**
     * Refuses a second registry on {@code port}, as {@code java.rmi} does.
     *
     * @throws ExportException if {@code port} has a registry
     */
    synchronized void checkFree(int port) throws ExportException {
        if (byPort.containsKey(port)) {
            throw new ExportException("internal error: ObjID already in use (a registry is exported on port " + port
                    + " in this JVM)");
        }
    }

    /** Adds the registry made for {@code port}. */
    synchronized void add(int port, Exported registry) throws ExportException {
        checkFree(port);
        byPort.put(port, registry);
        unexported.remove(port);
        update();
    }

    /** Forgets {@code e} if it is a registry made for a port (it was unexported); returns whether it was. */
    synchronized boolean removed(Exported e) {
        for (Map.Entry<Integer, Exported> p : byPort.entrySet()) {
            if (p.getValue() == e) {
                byPort.remove(p.getKey());
                unexported.add(p.getKey());
                update();
                return true;
            }
        }
        return false;
    }

    /** Forgets every registry made for a port (the node closed). */
    synchronized void clear() {
        byPort.clear();
        unexported.clear();
        update();
    }

    /** Whether a registry of this node binds a name to the object {@code id}. */
    synchronized boolean binds(org.karmi.spi.ref.ObjectId id) {
        if (own.object() instanceof RegistryImpl r && r.binds(id)) {
            return true;
        }
        for (Exported e : byPort.values()) {
            if (e.object() instanceof RegistryImpl r && r.binds(id)) {
                return true;
            }
        }
        return false;
    }

    /** The registries made for ports, in creation order. */
    synchronized List<Exported> created() {
        return new ArrayList<>(byPort.values());
    }

    private void update() {
        answering = byPort.isEmpty() ? own : byPort.values().iterator().next();
    }

    /**
     * The registry that answers a call to the well-known registry number arriving over
     * {@code connection} ({@code null}: a local call); {@code null} on a port whose registry
     * was unexported.
     */
    Exported wellKnown(ServerConnection connection) {
        int port = connection == null ? 0 : connection.localPort();
        if (port != 0) {
            synchronized (this) {
                Exported e = byPort.get(port);
                if (e != null || unexported.contains(port)) {
                    return e; // null: that port's registry is gone (a connection opened before may still call)
                }
            }
        }
        return answering;
    }
}
