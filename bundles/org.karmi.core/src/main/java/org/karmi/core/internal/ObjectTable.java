package org.karmi.core.internal;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.karmi.spi.ref.ObjectId;

/**
 * The node's exported objects, by number (for dispatch) and by identity (for export and for
 * writing references). Number 0 is reserved for the registry; other numbers count up from 1
 * and are never reused while the node lives. Thread-safe: lookups by number are lock-free.
 */
final class ObjectTable {

    /** Object number of the node's registry (well known, see {@code docs/PROTOCOL.md}). */
    static final long REGISTRY_NUMBER = 0;

    private final long nodeId;
    private final AtomicLong nextNumber = new AtomicLong(1);
    private final ConcurrentHashMap<Long, Exported> byNumber = new ConcurrentHashMap<>();
    private final Map<Object, Exported> byObject = new IdentityHashMap<>();

    ObjectTable(long nodeId) {
        this.nodeId = nodeId;
    }

    /** The next unused object id. */
    ObjectId nextId() {
        return new ObjectId(nodeId, nextNumber.getAndIncrement());
    }

    /** The entry of {@code object}, or {@code null}. */
    synchronized Exported byObject(Object object) {
        return byObject.get(object);
    }

    /**
     * Adds an entry unless its object is exported already.
     *
     * @return the entry now in the table for that object (the given one or the existing one)
     */
    synchronized Exported add(Exported e) {
        Exported old = byObject.get(e.object);
        if (old != null) {
            return old;
        }
        byObject.put(e.object, e);
        byNumber.put(e.id.number(), e);
        return e;
    }

    /** Removes the entry of {@code object}. */
    synchronized Exported remove(Remote object) throws NoSuchObjectException {
        Exported e = byObject.remove(object);
        if (e == null) {
            throw new NoSuchObjectException("object not exported: " + object.getClass().getName());
        }
        byNumber.remove(e.id.number());
        e.unexported = true;
        return e;
    }

    /** The entry with that number, or {@code null}. Lock-free. */
    Exported byNumber(long number) {
        return byNumber.get(number);
    }

    /** Removes and returns every entry. */
    synchronized List<Exported> clear() {
        List<Exported> all = new ArrayList<>(byObject.values());
        byObject.clear();
        byNumber.clear();
        for (Exported e : all) {
            e.unexported = true;
        }
        return all;
    }

    /** Number of exported objects. */
    int size() {
        return byNumber.size();
    }
}
