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
 * host and port) reaches the registry of the port it arrived on; until technologies tell the
 * port of a connection, that is the first registry created that is still exported, else the
 * node's own. Thread-safe: changes are synchronized, {@link #wellKnown} reads a volatile.
 */
final class Registries {

    private final Exported own;
    private final Map<Integer, Exported> byPort = new LinkedHashMap<>();
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
        update();
    }

    /** Forgets {@code e} if it is a registry made for a port (it was unexported); returns whether it was. */
    synchronized boolean removed(Exported e) {
        boolean found = byPort.values().remove(e);
        if (found) {
            update();
        }
        return found;
    }

    /** Forgets every registry made for a port (the node closed). */
    synchronized void clear() {
        byPort.clear();
        update();
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
     * {@code connection} ({@code null}: a local call).
     */
    Exported wellKnown(ServerConnection connection) {
        return answering;
    }
}
