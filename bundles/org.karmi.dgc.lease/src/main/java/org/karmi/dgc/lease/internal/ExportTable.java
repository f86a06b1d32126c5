package org.karmi.dgc.lease.internal;

import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.FLAG_STRONG;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.WireBuffer;

/**
 * Owner side of the lease collector: for each object this node exported, the nodes that hold
 * a lease on it (from their DIRTYs, or provisional from a reference this node sent them),
 * with the last sequence number seen from each; finds the objects whose leases all ended.
 * Thread-safe: every method holds this table's lock briefly and never calls out while
 * holding it; {@link #collect} runs on the collector's thread.
 */
final class ExportTable {

    private final long ownNode;
    private final LongSupplier clock;
    private final Supplier<LeaseSettings> settings;
    private final Runnable signal;

    /** Rebuilt smaller once it holds less than 1/16 of its peak: hash tables never shrink by themselves. */
    private HashMap<ObjectId, Export> exports = new HashMap<>();
    private int peak;
    /** Objects that may have become unreferenced by a CLEAN or a failed peer: checked at once. */
    private LinkedHashSet<ObjectId> candidates = new LinkedHashSet<>();
    /** Tables that once held this many entries are rebuilt when they fall to 1/16 of it. */
    private static final int SHRINK_MIN_PEAK = 4096;
    /** When the next lease, provisional window, tombstone or adoption window ends (or later). */
    private long nextScanAt = Long.MAX_VALUE;

    /** One exported object. */
    private static final class Export {
        /** Client node to its lease; null while there is none. */
        HashMap<Long, Lease> clients;
        /** End of the conservative window of an object exported before this collector started; 0 if none. */
        long adoptedUntil;
        /** Referenced (or adopted) since the last verdict "unreferenced": the next end of all leases is reported. */
        boolean owed;
    }

    /** What one client node holds of one object. */
    private static final class Lease {
        /** Highest sequence number seen from the client for this object; 0 before any. */
        long lastSequence;
        /** End of the lease its last DIRTY got; 0 after a CLEAN. */
        long dirtyUntil;
        /** End of the window that a reference sent to the client opened; a CLEAN does not end it. */
        long provisionalUntil;
        /** Until when {@link #lastSequence} is kept after a strong CLEAN, to ignore a late DIRTY. */
        long tombstoneUntil;

        boolean live(long now) {
            return dirtyUntil > now || provisionalUntil > now;
        }

        boolean removable(long now) {
            return !live(now) && tombstoneUntil <= now;
        }

        long nextChange(long now) {
            return Math.min(after(dirtyUntil, now), Math.min(after(provisionalUntil, now), after(tombstoneUntil, now)));
        }
    }

    ExportTable(long ownNode, LongSupplier clock, Supplier<LeaseSettings> settings, Runnable signal) {
        this.ownNode = ownNode;
        this.clock = clock;
        this.settings = settings;
        this.signal = signal;
    }

    synchronized void exported(ObjectId id) {
        exports.putIfAbsent(id, new Export());
        peak = Math.max(peak, exports.size());
    }

    /** An object exported before this collector: referenced for {@code windowMillis}, then judged by DIRTYs. */
    void adopted(ObjectId id, long windowMillis) {
        long until = clock.getAsLong() + windowMillis;
        boolean wake;
        synchronized (this) {
            Export e = exports.computeIfAbsent(id, k -> new Export());
            peak = Math.max(peak, exports.size());
            e.adoptedUntil = Math.max(e.adoptedUntil, until);
            e.owed = true;
            wake = schedule(until);
        }
        wakeIf(wake);
    }

    synchronized void unexported(ObjectId id) {
        exports.remove(id);
        candidates.remove(id);
        if (peak >= SHRINK_MIN_PEAK && exports.size() * 16 <= peak) {
            exports = new HashMap<>(exports); // a server that once held 100,000 objects keeps no megabyte of empty table
            peak = exports.size();
        }
    }

    /** This node sends a reference to {@code id} to {@code toNode}: a provisional lease until its DIRTY comes. */
    void sent(ObjectId id, long toNode) {
        long until = clock.getAsLong() + settings.get().leaseMillis();
        boolean wake;
        synchronized (this) {
            Export e = exports.get(id);
            if (e == null) {
                return;
            }
            Lease lease = lease(e, toNode);
            lease.provisionalUntil = Math.max(lease.provisionalUntil, until);
            e.owed = true;
            wake = schedule(until);
        }
        wakeIf(wake);
    }

    boolean isReferenced(ObjectId id) {
        long now = clock.getAsLong();
        synchronized (this) {
            Export e = exports.get(id);
            return e != null && referenced(e, now);
        }
    }

    /**
     * Applies a checked DIRTY from {@code fromNode} at the request's position: each object it
     * names that this node exports gets a lease, unless its sequence number is not newer than
     * the last one seen from that node for that object.
     *
     * @return the granted lease
     */
    long dirty(long fromNode, WireBuffer request) {
        byte[] a = request.array;
        int base = request.position;
        long sequence = LeaseMessageDescriptor.sequence(a, base);
        long granted = Math.min(LeaseMessageDescriptor.lease(a, base), settings.get().leaseMillis());
        long until = clock.getAsLong() + granted;
        int n = LeaseMessageDescriptor.count(a, base);
        boolean wake = false;
        synchronized (this) {
            for (int i = 0; i < n; i++) {
                Export e = exports.get(new ObjectId(ownNode, LeaseMessageDescriptor.number(a, base, i)));
                if (e == null) {
                    continue;
                }
                Lease lease = lease(e, fromNode);
                if (lease.lastSequence >= sequence) {
                    continue;
                }
                lease.lastSequence = sequence;
                lease.dirtyUntil = Math.max(lease.dirtyUntil, until);
                e.owed = true;
                wake |= schedule(until);
            }
        }
        wakeIf(wake);
        return granted;
    }

    /** Applies a checked CLEAN from {@code fromNode}: ends that node's leases unless the sequence number is old. */
    void clean(long fromNode, WireBuffer request) {
        byte[] a = request.array;
        int base = request.position;
        long sequence = LeaseMessageDescriptor.sequence(a, base);
        boolean strong = (LeaseMessageDescriptor.flags(a, base) & FLAG_STRONG) != 0;
        long now = clock.getAsLong();
        long tombstoneUntil = now + settings.get().leaseMillis();
        int n = LeaseMessageDescriptor.count(a, base);
        boolean found = false;
        synchronized (this) {
            for (int i = 0; i < n; i++) {
                ObjectId id = new ObjectId(ownNode, LeaseMessageDescriptor.number(a, base, i));
                Export e = exports.get(id);
                if (e == null) {
                    continue;
                }
                Lease lease = e.clients == null ? null : e.clients.get(fromNode);
                if (lease == null && !strong || lease != null && lease.lastSequence >= sequence) {
                    continue;
                }
                lease = lease != null ? lease : lease(e, fromNode);
                lease.lastSequence = sequence;
                lease.dirtyUntil = 0;
                if (strong) {
                    lease.tombstoneUntil = Math.max(lease.tombstoneUntil, tombstoneUntil);
                    schedule(tombstoneUntil);
                } else if (lease.removable(now)) {
                    e.clients.remove(fromNode); // as java.rmi: an ordinary CLEAN forgets the client
                }
                candidates.add(id);
                found = true;
            }
        }
        if (found) {
            signal.run();
        }
    }

    /**
     * Node {@code node} died: its leases (and provisional windows) end after {@code graceMillis}
     * at most, the time a reference it passed on just before needs to be DIRTYed by its receiver.
     */
    void peerFailed(long node, long graceMillis) {
        long now = clock.getAsLong();
        long end = now + graceMillis;
        boolean found = false;
        synchronized (this) {
            for (Map.Entry<ObjectId, Export> entry : exports.entrySet()) {
                Export e = entry.getValue();
                Lease lease = e.clients == null ? null : e.clients.get(node);
                if (lease != null) {
                    lease.dirtyUntil = Math.min(lease.dirtyUntil, end);
                    lease.provisionalUntil = Math.min(lease.provisionalUntil, end);
                    lease.tombstoneUntil = 0;
                    candidates.add(entry.getKey());
                    found = true;
                }
            }
            if (found) {
                schedule(end);
            }
        }
        if (found) {
            signal.run();
        }
    }

    /**
     * Drops ended leases and returns the objects whose last lease (or adoption window) ended
     * since they were last reported; checks everything when a lease may have ended, else
     * only the objects that a CLEAN or a failed peer touched.
     */
    List<ObjectId> collect(long now) {
        List<ObjectId> unreferenced = new ArrayList<>(0);
        synchronized (this) {
            if (now >= nextScanAt) {
                long next = Long.MAX_VALUE;
                for (Map.Entry<ObjectId, Export> entry : exports.entrySet()) {
                    next = Math.min(next, check(entry.getKey(), entry.getValue(), now, unreferenced));
                }
                // a floor on scans: many clients' leases must not make this thread walk the table at each one
                long floor = now + Math.max(1, settings.get().leaseMillis() / 16);
                nextScanAt = next == Long.MAX_VALUE ? next : Math.max(next, floor);
            } else {
                for (ObjectId id : candidates) {
                    Export e = exports.get(id);
                    if (e != null) {
                        check(id, e, now, unreferenced);
                    }
                }
            }
            if (candidates.size() > SHRINK_MIN_PEAK) {
                candidates = new LinkedHashSet<>(); // clear() would keep the large table
            } else {
                candidates.clear();
            }
        }
        return unreferenced;
    }

    /** When {@link #collect} has work: now if candidates wait, else when the next lease may end. */
    synchronized long nextDeadline() {
        return candidates.isEmpty() ? nextScanAt : Long.MIN_VALUE;
    }

    /** Number of (client, object) entries, tombstones included (tests: bounded state). */
    synchronized int entries() {
        int n = 0;
        for (Export e : exports.values()) {
            n += e.clients == null ? 0 : e.clients.size();
        }
        return n;
    }

    /** End of the lease {@code node}'s DIRTYs got for {@code id}; 0 if none (tests). */
    synchronized long dirtyUntil(ObjectId id, long node) {
        Export e = exports.get(id);
        Lease lease = e == null || e.clients == null ? null : e.clients.get(node);
        return lease == null ? 0 : lease.dirtyUntil;
    }

    /** Prunes ended entries of {@code e}, reports it if it owes a verdict; returns its next change. */
    private static long check(ObjectId id, Export e, long now, List<ObjectId> unreferenced) {
        long next = Long.MAX_VALUE;
        if (e.clients != null) {
            for (Iterator<Lease> it = e.clients.values().iterator(); it.hasNext();) {
                Lease lease = it.next();
                if (lease.removable(now)) {
                    it.remove();
                } else {
                    next = Math.min(next, lease.nextChange(now));
                }
            }
            if (e.clients.isEmpty()) {
                e.clients = null;
            }
        }
        if (e.adoptedUntil <= now) {
            e.adoptedUntil = 0;
        } else {
            next = Math.min(next, e.adoptedUntil);
        }
        if (e.owed && !referenced(e, now)) {
            e.owed = false;
            unreferenced.add(id);
        }
        return next;
    }

    private static boolean referenced(Export e, long now) {
        if (e.adoptedUntil > now) {
            return true;
        }
        if (e.clients != null) {
            for (Lease lease : e.clients.values()) {
                if (lease.live(now)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static Lease lease(Export e, long node) {
        if (e.clients == null) {
            e.clients = new HashMap<>(4);
        }
        return e.clients.computeIfAbsent(node, k -> new Lease());
    }

    /** Brings the next scan forward to {@code at}; returns whether it moved (the thread must be woken). */
    private boolean schedule(long at) {
        if (at >= nextScanAt) {
            return false;
        }
        nextScanAt = at;
        return true;
    }

    private void wakeIf(boolean wake) {
        if (wake) {
            signal.run();
        }
    }

    private static long after(long time, long now) {
        return time > now ? time : Long.MAX_VALUE;
    }
}
