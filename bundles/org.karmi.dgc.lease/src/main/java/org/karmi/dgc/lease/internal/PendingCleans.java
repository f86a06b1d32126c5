package org.karmi.dgc.lease.internal;

import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.MAX_IDS;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

import org.karmi.spi.ref.ObjectId;

/**
 * The CLEANs a holder owes one owner: dropped objects waiting for the next batch, and batches
 * being sent or waiting to be retried with their sequence number. Not thread-safe: guarded
 * by its {@link HolderTable}'s lock, except {@link CleanBatch#sequence} (the collector's thread only).
 */
final class PendingCleans {

    /** A CLEAN of up to {@link LeaseMessageDescriptor#MAX_IDS} objects. */
    static final class CleanBatch {
        /** Its objects; one received again leaves the batch, so a retry does not end its new lease. */
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

    /** Dropped objects waiting for the next batch, with their strong flag. */
    private final LinkedHashMap<ObjectId, Boolean> queue = new LinkedHashMap<>();
    private long queueDueAt = Long.MAX_VALUE;
    private final ArrayList<CleanBatch> batches = new ArrayList<>();

    /** Queues a CLEAN of {@code id}, sent at {@code dueAt} with the rest; returns whether it starts a batch. */
    boolean add(ObjectId id, boolean strong, long dueAt) {
        boolean first = queue.isEmpty();
        queue.merge(id, strong, Boolean::logicalOr);
        if (first) {
            queueDueAt = dueAt;
        }
        return first;
    }

    /**
     * Takes back the CLEAN of {@code id}, which is held again.
     *
     * @return null if none was pending; else whether the new holding's CLEAN must be strong
     *         (true if a CLEAN of it was already sent: it, or a DIRTY, may still be on its way)
     */
    Boolean takeBack(ObjectId id) {
        Boolean strong = queue.remove(id);
        for (CleanBatch b : batches) {
            if (b.ids.remove(id)) {
                strong = Boolean.TRUE;
            }
        }
        return strong;
    }

    /** A DIRTY naming {@code id} failed after it was dropped: its CLEAN becomes strong. */
    void markStrong(ObjectId id) {
        queue.computeIfPresent(id, (k, v) -> Boolean.TRUE);
    }

    /** Adds the batches due at {@code now} to {@code out}, forming a new batch from the queue when its time has come. */
    void due(long now, List<CleanBatch> out) {
        if (!queue.isEmpty() && queueDueAt <= now) {
            boolean strong = queue.containsValue(Boolean.TRUE);
            ArrayList<ObjectId> ids = new ArrayList<>();
            for (ObjectId id : queue.keySet()) {
                ids.add(id);
                if (ids.size() == MAX_IDS) {
                    batches.add(new CleanBatch(ids, strong));
                    ids = new ArrayList<>();
                }
            }
            if (!ids.isEmpty()) {
                batches.add(new CleanBatch(ids, strong));
            }
            queue.clear();
            queueDueAt = Long.MAX_VALUE;
        }
        for (Iterator<CleanBatch> it = batches.iterator(); it.hasNext();) {
            CleanBatch b = it.next();
            if (b.ids.isEmpty()) {
                it.remove(); // every object of it was received again
            } else if (b.dueAt <= now) {
                b.dueAt = Long.MAX_VALUE;
                out.add(b);
            }
        }
    }

    /** The batch got its answer. */
    void done(CleanBatch b) {
        batches.remove(b);
    }

    /**
     * The batch got no answer: retried after {@link LeaseSettings#retryDelayMillis}, at most
     * {@code maxRetries} times. Returns false if given up (the leases will expire).
     */
    boolean failed(CleanBatch b, long now, int maxRetries, long lease) {
        b.attempts++;
        if (b.ids.isEmpty() || b.attempts > maxRetries) {
            batches.remove(b);
            return false;
        }
        b.dueAt = now + LeaseSettings.retryDelayMillis(lease, b.attempts);
        return true;
    }

    boolean isEmpty() {
        return queue.isEmpty() && batches.isEmpty();
    }

    /** When {@link #due} has a batch next. */
    long nextDeadline() {
        long next = queue.isEmpty() ? Long.MAX_VALUE : queueDueAt;
        for (CleanBatch b : batches) {
            next = Math.min(next, b.dueAt);
        }
        return next;
    }
}
