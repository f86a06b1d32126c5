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
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;

/**
 * Holder side of the lease collector: per owner node, the remote objects this node holds or
 * keeps (after passing a reference on), which of them still need their first DIRTY, when
 * the next renewal is due, and the CLEANs waiting to be sent or retried. Turns that into
 * {@link Request}s for the collector's thread. Thread-safe: event methods and the thread's
 * methods hold this table's lock briefly and never call out while holding it.
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

    /** A CLEAN of up to {@link LeaseMessageDescriptor#MAX_IDS} objects; retried with the same sequence number. */
    static final class CleanBatch {
        final ArrayList<ObjectId> ids;
        final boolean strong;
        /** Assigned at the first send, kept for retries (a newer DIRTY must win over a retried CLEAN). */
        long sequence;
        int attempts;
        /** When to send (again); {@code Long.MAX_VALUE} while it is being sent. */
        long dueAt = Long.MIN_VALUE;

        CleanBatch(ArrayList<ObjectId> ids, boolean strong) {
            this.ids = ids;
            this.strong = strong;
        }
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
        /** Dropped objects waiting for the next CLEAN, with their strong flag. */
        final LinkedHashMap<ObjectId, Boolean> cleanQueue = new LinkedHashMap<>();
        long cleanDueAt = Long.MAX_VALUE;
        final ArrayList<CleanBatch> cleans = new ArrayList<>();
        /** Lease of the owner's last answer; 0 before the first. */
        long granted;
        long renewAt = Long.MAX_VALUE;
        int failures;
        /** When the last DIRTY that got an answer was sent. */
        long confirmedAt = Long.MIN_VALUE;

        Owner(long node) {
            this.node = node;
        }

        boolean idle() {
            return held.isEmpty() && cleanQueue.isEmpty() && cleans.isEmpty();
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
        boolean wake = false;
        long now = clock.getAsLong();
        synchronized (this) {
            Owner o = owners.computeIfAbsent(id.nodeId(), Owner::new);
            if (!ownerUtids.isEmpty()) {
                o.utids = ownerUtids;
            }
            Held h = o.held.get(id);
            boolean isNew = h == null;
            if (isNew) {
                h = new Held();
                Boolean queued = o.cleanQueue.remove(id);
                boolean retrying = removeFromCleans(o, id);
                if (queued != null || retrying) {
                    // its lease at the owner may still run: a later CLEAN must end it; strong, as
                    // a CLEAN that failed (or a DIRTY) may still be on its way
                    h.dirtySent = true;
                    h.dirtyFailed = retrying || queued;
                }
                o.held.put(id, h);
            }
            if (isNew || firstOnNode) {
                wake = o.fresh.add(id);
            }
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
        boolean wake = false;
        long now = clock.getAsLong();
        synchronized (this) {
            Owner o = owners.get(id.nodeId());
            Held h = o == null ? null : o.held.get(id);
            if (h == null) {
                return;
            }
            h.reachable = false;
            if (h.keepUntil > now) {
                wake = o.kept.add(id); // its keep window may end before the thread's next deadline
            } else {
                wake = release(o, id, h, now);
            }
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
            if (o == null) {
                return;
            }
            Held h = o.held.get(id);
            if (h == null) {
                Boolean strong = o.cleanQueue.remove(id);
                if (strong == null) {
                    return;
                }
                // dropped but not yet CLEANed: its lease still runs, renew it again
                h = new Held();
                h.reachable = false;
                h.dirtySent = true;
                h.dirtyFailed = strong;
                o.held.put(id, h);
            }
            h.keepUntil = Math.max(h.keepUntil, now + (o.granted > 0 ? o.granted : settings.get().leaseMillis()));
            if (!h.reachable) {
                wake = o.kept.add(id);
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
        synchronized (this) {
            for (Iterator<Owner> it = owners.values().iterator(); it.hasNext();) {
                Owner o = it.next();
                endKeepWindows(o, now);
                dueDirties(o, now, o.failures == 0 ? dirties : retries);
                dueCleans(o, now, cleans);
                if (o.idle()) {
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
            if (!o.cleanQueue.isEmpty()) {
                next = Math.min(next, o.cleanDueAt);
            }
            for (CleanBatch b : o.cleans) {
                next = Math.min(next, b.dueAt);
            }
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
        long lease = o.granted > 0 ? o.granted : settings.get().leaseMillis();
        o.renewAt = Math.min(o.renewAt, now + LeaseSettings.retryDelayMillis(lease, o.failures));
        for (long number : r.numbers) {
            ObjectId id = new ObjectId(o.node, number);
            Held h = o.held.get(id);
            if (h != null) {
                h.dirtyFailed = true;
            } else if (o.cleanQueue.containsKey(id)) {
                o.cleanQueue.put(id, Boolean.TRUE);
            }
        }
        Level level = o.confirmedAt != Long.MIN_VALUE && now - o.confirmedAt >= lease ? Level.WARNING : Level.DEBUG;
        LOG.log(level, () -> "lease DIRTY of " + r.numbers.length + " objects at node " + Long.toHexString(o.node)
                + " failed (" + o.failures + " in a row" + (level == Level.WARNING ? ", the lease may have ended" : "")
                + "): " + cause);
    }

    /** A CLEAN got its answer. */
    synchronized void cleanDone(Request r) {
        r.owner.cleans.remove(r.batch);
    }

    /** A CLEAN got no answer: retry it (same sequence number) a bounded number of times, then leave it to the lease. */
    synchronized void cleanFailed(Request r, long now, Exception cause) {
        Owner o = r.owner;
        CleanBatch b = r.batch;
        b.attempts++;
        if (b.ids.isEmpty() || b.attempts > settings.get().maxCleanRetries()) {
            o.cleans.remove(b);
            LOG.log(Level.DEBUG, () -> "lease CLEAN of " + b.ids.size() + " objects at node " + Long.toHexString(o.node)
                    + " given up after " + b.attempts + " attempts, the leases will expire: " + cause);
            return;
        }
        long lease = o.granted > 0 ? o.granted : settings.get().leaseMillis();
        b.dueAt = now + LeaseSettings.retryDelayMillis(lease, b.attempts);
    }

    /** Number of objects held or kept (tests). */
    synchronized int held() {
        int n = 0;
        for (Owner o : owners.values()) {
            n += o.held.size();
        }
        return n;
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

    private void dueCleans(Owner o, long now, List<Request> out) {
        if (!o.cleanQueue.isEmpty() && o.cleanDueAt <= now) {
            boolean strong = o.cleanQueue.containsValue(Boolean.TRUE);
            ArrayList<ObjectId> batch = new ArrayList<>();
            for (ObjectId id : o.cleanQueue.keySet()) {
                batch.add(id);
                if (batch.size() == MAX_IDS) {
                    o.cleans.add(new CleanBatch(batch, strong));
                    batch = new ArrayList<>();
                }
            }
            if (!batch.isEmpty()) {
                o.cleans.add(new CleanBatch(batch, strong));
            }
            o.cleanQueue.clear();
            o.cleanDueAt = Long.MAX_VALUE;
        }
        for (Iterator<CleanBatch> it = o.cleans.iterator(); it.hasNext();) {
            CleanBatch b = it.next();
            if (b.ids.isEmpty()) {
                it.remove(); // every object of it was received again
            } else if (b.dueAt <= now) {
                b.dueAt = Long.MAX_VALUE;
                split(o, KIND_CLEAN, b.ids, b, out);
            }
        }
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
        if (!h.dirtySent) {
            return false;
        }
        boolean first = o.cleanQueue.isEmpty();
        o.cleanQueue.merge(id, h.dirtyFailed, Boolean::logicalOr);
        if (first) {
            o.cleanDueAt = now + settings.get().cleanBatchMillis();
        }
        return first;
    }

    private static boolean removeFromCleans(Owner o, ObjectId id) {
        boolean found = false;
        for (CleanBatch b : o.cleans) {
            found |= b.ids.remove(id);
        }
        return found;
    }
}
