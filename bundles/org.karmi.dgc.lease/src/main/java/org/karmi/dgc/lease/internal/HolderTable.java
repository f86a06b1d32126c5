package org.karmi.dgc.lease.internal;

import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_CLEAN;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_DIRTY;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.MAX_IDS;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.karmi.dgc.lease.internal.PendingCleans.CleanBatch;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;

/**
 * Holder side of the lease collector: per owner node, the remote objects this node holds or
 * keeps (after passing a reference on), which of them still need their first DIRTY, when
 * the next renewal is due, and the CLEANs it owes ({@link PendingCleans}). Turns that into
 * {@link Request}s for the collector's thread. Thread-safe: event methods and the thread's
 * methods hold this table's lock briefly and never call out while holding it (but to
 * {@code signal}, after releasing it).
 */
final class HolderTable {

    private static final System.Logger LOG = System.getLogger("org.karmi.dgc.lease");

    private final long ownNode;
    private final LongSupplier clock;
    private final Supplier<LeaseSettings> settings;
    private final Runnable signal;
    private final HashMap<Long, Owner> owners = new HashMap<>();

    /** A DIRTY or CLEAN to send: a snapshot taken under the lock, sent without it. */
    record Request(Owner owner, byte kind, List<Utid> utids, long[] numbers, CleanBatch batch) {
    }

    /** What this node holds of one owner's objects. */
    static final class Owner {
        final long node;
        List<Utid> utids = List.of();
        final HashMap<ObjectId, Held> held = new HashMap<>();
        /** Held objects whose first DIRTY is still to be sent. */
        final LinkedHashSet<ObjectId> fresh = new LinkedHashSet<>();
        /** Held objects without a reachable stub, renewed until their keep window ends. */
        final HashSet<ObjectId> kept = new HashSet<>();
        final PendingCleans cleans = new PendingCleans();
        /** Lease of the owner's last answer; 0 before the first. */
        long granted;
        long renewAt = Long.MAX_VALUE;
        /** DIRTYs without an answer in a row. */
        int failures;
        /** When the last DIRTY that got an answer was sent. */
        long confirmedAt = Long.MIN_VALUE;
        /** This failure streak was logged as a warning (once per streak: a dead owner is retried for long). */
        boolean warned;

        Owner(long node) {
            this.node = node;
        }

        long lease(LeaseSettings settings) {
            return granted > 0 ? granted : settings.leaseMillis();
        }
    }

    /** One held object. */
    private static final class Held {
        boolean reachable = true;
        /** Renewed at least until then (a reference to it was passed on). */
        long keepUntil;
        /** A DIRTY naming it was sent in this holding (else dropping it needs no CLEAN). */
        boolean dirtySent;
        /** A DIRTY naming it got no answer: it may still arrive, so its CLEAN is strong. */
        boolean dirtyFailed;
    }

    HolderTable(long ownNode, LongSupplier clock, Supplier<LeaseSettings> settings, Runnable signal) {
        this.ownNode = ownNode;
        this.clock = clock;
        this.settings = settings;
        this.signal = signal;
    }

    /**
     * A reference to {@code id} arrived; a new one (or a first stub again) gets a DIRTY soon. A
     * reference replayed to this (new) collector is also kept for one lease: its predecessor
     * may have passed it on just before, and only kept it alive by its renewals.
     */
    void received(ObjectId id, List<Utid> ownerUtids, boolean replayed, boolean firstOnNode) {
        if (id.nodeId() == ownNode) {
            return;
        }
        boolean wake;
        long now = clock.getAsLong();
        synchronized (this) {
            Owner o = owners.computeIfAbsent(id.nodeId(), Owner::new);
            if (!ownerUtids.isEmpty()) {
                o.utids = ownerUtids;
            }
            Held h = o.held.get(id);
            boolean isNew = h == null;
            if (isNew) {
                h = takeBack(o, id);
            }
            wake = (isNew || firstOnNode) && o.fresh.add(id);
            if (replayed) {
                h.keepUntil = Math.max(h.keepUntil, now + settings.get().leaseMillis());
            }
            h.reachable = true;
            o.kept.remove(id);
        }
        if (wake) {
            signal.run();
        }
    }

    /** The last stub for {@code id} became unreachable: CLEAN it, once its keep window has ended. */
    void unreachable(ObjectId id) {
        boolean wake;
        long now = clock.getAsLong();
        synchronized (this) {
            Owner o = owners.get(id.nodeId());
            Held h = o == null ? null : o.held.get(id);
            if (h == null) {
                return;
            }
            h.reachable = false;
            // a keep window may end before the thread's next deadline, a CLEAN batch may start
            wake = h.keepUntil > now ? o.kept.add(id) : release(o, id, h, now);
        }
        if (wake) {
            signal.run();
        }
    }

    /** This node passes a reference to {@code id} on: keep renewing it for one lease, so its receiver's DIRTY comes first. */
    void sent(ObjectId id, long toNode) {
        if (id.nodeId() == ownNode || toNode == id.nodeId()) {
            return;
        }
        long now = clock.getAsLong();
        boolean wake = false;
        synchronized (this) {
            Owner o = owners.get(id.nodeId());
            Held h = o == null ? null : o.held.get(id);
            if (h == null) {
                if (o == null || o.cleans.takeBack(id) == null) {
                    return; // not known here: nothing this node could keep alive
                }
                // dropped just before: hold it again, and DIRTY it in case its CLEAN went out
                h = takeBack(o, id);
                h.reachable = false;
                wake = o.fresh.add(id);
            }
            h.keepUntil = Math.max(h.keepUntil, now + o.lease(settings.get()));
            if (!h.reachable) {
                wake |= o.kept.add(id);
            }
        }
        if (wake) {
            signal.run();
        }
    }

    /** The owner died: nothing of it is left to renew or clean. */
    synchronized void peerFailed(long node) {
        owners.remove(node);
    }

    /** The requests due at {@code now}: renewals and first DIRTYs (healthy owners first), then CLEANs. */
    List<Request> due(long now) {
        List<Request> dirties = new ArrayList<>();
        List<Request> retries = new ArrayList<>();
        List<Request> cleans = new ArrayList<>();
        List<CleanBatch> batches = new ArrayList<>();
        synchronized (this) {
            for (Iterator<Owner> it = owners.values().iterator(); it.hasNext();) {
                Owner o = it.next();
                endKeepWindows(o, now);
                dueDirties(o, now, o.failures == 0 ? dirties : retries);
                batches.clear();
                o.cleans.due(now, batches);
                for (CleanBatch b : batches) {
                    split(o, KIND_CLEAN, b.ids, b, cleans);
                }
                if (o.held.isEmpty() && o.cleans.isEmpty()) {
                    it.remove();
                }
            }
        }
        dirties.addAll(retries);
        dirties.addAll(cleans);
        return dirties;
    }

    /** When {@link #due} has work next. */
    synchronized long nextDeadline() {
        long next = Long.MAX_VALUE;
        for (Owner o : owners.values()) {
            if (!o.held.isEmpty()) {
                next = Math.min(next, o.failures == 0 && !o.fresh.isEmpty() ? Long.MIN_VALUE : o.renewAt);
            }
            next = Math.min(next, o.cleans.nextDeadline());
            for (ObjectId id : o.kept) {
                next = Math.min(next, o.held.get(id).keepUntil);
            }
        }
        return next;
    }

    /** A DIRTY sent at {@code sentAt} got the lease {@code granted}. */
    synchronized void dirtyDone(Request r, long sentAt, long granted) {
        Owner o = r.owner;
        if (owners.get(o.node) != o) {
            return;
        }
        if (o.failures > 0) {
            LOG.log(Level.DEBUG, () -> "lease renewal at node " + Long.toHexString(o.node) + " works again");
        }
        o.granted = granted;
        o.failures = 0;
        o.warned = false;
        o.confirmedAt = Math.max(o.confirmedAt, sentAt);
        o.renewAt = Math.min(o.renewAt, sentAt + Math.max(1, granted / 2));
    }

    /** A DIRTY got no answer: retry soon with everything held; CLEANs of its objects become strong. */
    synchronized void dirtyFailed(Request r, long now, Exception cause) {
        Owner o = r.owner;
        if (owners.get(o.node) != o) {
            return;
        }
        o.failures++;
        long lease = o.lease(settings.get());
        o.renewAt = Math.min(o.renewAt, now + LeaseSettings.retryDelayMillis(lease, o.failures));
        for (long number : r.numbers) {
            ObjectId id = new ObjectId(o.node, number);
            Held h = o.held.get(id);
            if (h != null) {
                h.dirtyFailed = true;
            } else {
                o.cleans.markStrong(id);
            }
        }
        boolean lapsed = o.confirmedAt != Long.MIN_VALUE && now - o.confirmedAt >= lease;
        Level level = lapsed && !o.warned ? Level.WARNING : Level.DEBUG;
        o.warned |= lapsed;
        LOG.log(level, () -> "lease DIRTY of " + r.numbers.length + " objects at node " + Long.toHexString(o.node)
                + " failed (" + o.failures + " in a row" + (level == Level.WARNING ? ", the lease may have ended" : "")
                + "): " + cause);
    }

    /** A CLEAN got its answer. */
    synchronized void cleanDone(Request r) {
        r.owner.cleans.done(r.batch);
    }

    /** A CLEAN got no answer: retry it (same sequence number) a bounded number of times, then leave it to the lease. */
    synchronized void cleanFailed(Request r, long now, Exception cause) {
        Owner o = r.owner;
        LeaseSettings s = settings.get();
        if (!o.cleans.failed(r.batch, now, s.maxCleanRetries(), o.lease(s))) {
            LOG.log(Level.DEBUG, () -> "lease CLEAN of " + r.numbers.length + " objects at node "
                    + Long.toHexString(o.node) + " given up after " + r.batch.attempts + " attempts, the leases "
                    + "will expire: " + cause);
        }
    }

    /** Number of objects held or kept (tests). */
    synchronized int held() {
        int n = 0;
        for (Owner o : owners.values()) {
            n += o.held.size();
        }
        return n;
    }

    /** A new holding of {@code id}: if a CLEAN of a former one was pending, its lease may still run and needs ending later. */
    private static Held takeBack(Owner o, ObjectId id) {
        Held h = new Held();
        Boolean strong = o.cleans.takeBack(id);
        if (strong != null) {
            h.dirtySent = true;
            h.dirtyFailed = strong;
        }
        o.held.put(id, h);
        return h;
    }

    private void endKeepWindows(Owner o, long now) {
        List<ObjectId> ended = null;
        for (Iterator<ObjectId> it = o.kept.iterator(); it.hasNext();) {
            ObjectId id = it.next();
            Held h = o.held.get(id);
            if (h.reachable) {
                it.remove();
            } else if (h.keepUntil <= now) {
                ended = ended == null ? new ArrayList<>() : ended;
                ended.add(id);
            }
        }
        if (ended != null) {
            for (ObjectId id : ended) {
                release(o, id, o.held.get(id), now);
            }
        }
    }

    private void dueDirties(Owner o, long now, List<Request> out) {
        if (o.held.isEmpty()) {
            // nothing to renew or retry: the next new reference gets its DIRTY at once
            o.fresh.clear();
            o.renewAt = Long.MAX_VALUE;
            o.failures = 0;
            return;
        }
        Collection<ObjectId> ids;
        if (o.renewAt <= now) {
            ids = o.held.keySet();
            o.renewAt = Long.MAX_VALUE;
        } else if (o.failures == 0 && !o.fresh.isEmpty()) {
            ids = o.fresh;
        } else {
            return;
        }
        for (ObjectId id : ids) {
            o.held.get(id).dirtySent = true;
        }
        split(o, KIND_DIRTY, ids, null, out);
        o.fresh.clear();
    }

    /** Adds requests for {@code ids}, at most {@link LeaseMessageDescriptor#MAX_IDS} each. */
    private static void split(Owner o, byte kind, Collection<ObjectId> ids, CleanBatch batch, List<Request> out) {
        int left = ids.size();
        long[] numbers = new long[Math.min(left, MAX_IDS)];
        int i = 0;
        for (ObjectId id : ids) {
            numbers[i++] = id.number();
            left--;
            if (i == numbers.length) {
                out.add(new Request(o, kind, o.utids, numbers, batch));
                numbers = new long[Math.min(left, MAX_IDS)];
                i = 0;
            }
        }
    }

    /** Stops holding {@code id}; queues its CLEAN if the owner may have a lease for it. Returns whether to wake the thread. */
    private boolean release(Owner o, ObjectId id, Held h, long now) {
        o.held.remove(id);
        o.fresh.remove(id);
        o.kept.remove(id);
        return h.dirtySent && o.cleans.add(id, h.dirtyFailed, now + settings.get().cleanBatchMillis());
    }
}
