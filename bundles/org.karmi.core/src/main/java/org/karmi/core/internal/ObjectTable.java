package org.karmi.core.internal;

import java.lang.ref.WeakReference;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.karmi.spi.ref.ObjectId;

/**
 * The node's exported objects, by number (for dispatch) and by identity (for export and for
 * writing references). The by-identity index holds its keys weakly, so an entry whose object
 * the collectors unpinned does not keep it alive. Number 0 is reserved for the registry;
 * other numbers count up from 1 and are never reused while the node lives. Thread-safe:
 * lookups by number are lock-free.
 */
final class ObjectTable {

    /** Object number of the node's registry (well known, see {@code docs/PROTOCOL.md}). */
    static final long REGISTRY_NUMBER = 0;
    /** Object number that addresses the collectors' requests (see {@code docs/PROTOCOL.md}, 5.5). */
    static final long COLLECTOR_NUMBER = -1;

    private final long nodeId;
    private final AtomicLong nextNumber = new AtomicLong(1);
    /** Tables rebuilt smaller once they hold less than 1/16 of their peak (and the peak was large). */
    static final int SHRINK_FACTOR = 16;
    static final int SHRINK_MIN_PEAK = 4096;

    /** Replaced (never mutated concurrently with the swap: every change holds this table's lock); reads are lock-free. */
    private volatile ConcurrentHashMap<Long, Exported> byNumber = new ConcurrentHashMap<>();
    private Map<Key, Exported> byObject = new HashMap<>();
    /** Most entries since the tables were last (re)built: their arrays never shrink by themselves. */
    private int peak;

    ObjectTable(long nodeId) {
        this.nodeId = nodeId;
    }

    /** The next unused object id. */
    ObjectId nextId() {
        return new ObjectId(nodeId, nextNumber.getAndIncrement());
    }

    /** The entry of {@code object}, or {@code null}. */
    synchronized Exported byObject(Object object) {
        return byObject.get(new Key(object, System.identityHashCode(object)));
    }

    /**
     * Adds an entry unless its object is exported already.
     *
     * @return the entry now in the table for that object (the given one or the existing one)
     */
    synchronized Exported add(Exported e) {
        Exported old = byObject.get(e.key);
        if (old != null) {
            return old;
        }
        byObject.put(e.key, e);
        byNumber.put(e.id.number(), e);
        peak = Math.max(peak, byNumber.size());
        return e;
    }

    /** Removes the entry of {@code object}. */
    synchronized Exported remove(Remote object) throws NoSuchObjectException {
        Exported e = byObject(object);
        if (e == null) {
            throw new NoSuchObjectException("object not exported: " + object.getClass().getName());
        }
        removeEntry(e);
        return e;
    }

    /** Removes {@code e} if it is still in the table; returns whether it was. */
    synchronized boolean removeEntry(Exported e) {
        if (byNumber.get(e.id.number()) != e) {
            return false;
        }
        byNumber.remove(e.id.number());
        byObject.remove(e.key);
        e.unexported = true;
        shrinkIfSparse();
        return true;
    }

    /**
     * Rebuilds both indexes when they hold a small fraction of their peak: a server that once
     * held 100,000 objects must not keep megabytes of empty hash table after they are collected.
     */
    private void shrinkIfSparse() {
        int size = byNumber.size();
        if (peak < SHRINK_MIN_PEAK || size * SHRINK_FACTOR > peak) {
            return;
        }
        byNumber = new ConcurrentHashMap<>(byNumber);
        byObject = new HashMap<>(byObject);
        peak = size;
    }

    /** The entry with that number, or {@code null}. Lock-free. */
    Exported byNumber(long number) {
        return byNumber.get(number);
    }

    /** Every entry (a snapshot). */
    List<Exported> all() {
        return new ArrayList<>(byNumber.values());
    }

    /** Removes and returns every entry. */
    synchronized List<Exported> clear() {
        List<Exported> all = new ArrayList<>(byNumber.values());
        byObject = new HashMap<>();
        byNumber = new ConcurrentHashMap<>();
        peak = 0;
        for (Exported e : all) {
            e.unexported = true;
        }
        return all;
    }

    /** Number of exported objects. */
    int size() {
        return byNumber.size();
    }

    /**
     * An object's identity in the by-object index: stored keys hold the object weakly, lookup
     * keys strongly; equal when both still see the same object. A key whose object was
     * collected equals only itself (its entry is removed by number).
     */
    static final class Key {
        private final Object strong;
        private final WeakReference<Object> weak;
        private final int hash;

        private Key(Object lookup, int hash) {
            this.strong = lookup;
            this.weak = null;
            this.hash = hash;
        }

        private Key(WeakReference<Object> stored, int hash) {
            this.strong = null;
            this.weak = stored;
            this.hash = hash;
        }

        static Key of(Object object) {
            return new Key(new WeakReference<>(object), System.identityHashCode(object));
        }

        private Object get() {
            return weak == null ? strong : weak.get();
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Key k) || k.hash != hash) {
                return false;
            }
            Object mine = get();
            return mine != null && mine == k.get();
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
