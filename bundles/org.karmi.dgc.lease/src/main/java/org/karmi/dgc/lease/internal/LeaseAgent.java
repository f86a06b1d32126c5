package org.karmi.dgc.lease.internal;

import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.FLAG_STRONG;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_CLEAN;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_CLEAN_ANSWER;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_DIRTY;
import static org.karmi.dgc.lease.internal.LeaseMessageDescriptor.KIND_DIRTY_ANSWER;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.karmi.dgc.lease.internal.HolderTable.Request;
import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.WireBuffer;

/**
 * The lease collector's work, one step at a time (Aeron's agent): {@link #doWork} reports
 * the objects whose leases ended and sends the DIRTYs and CLEANs that are due;
 * {@link #nextDeadline} says when it has work next. {@link #onRequest} answers a peer's
 * request. Threading: {@code doWork} and {@code nextDeadline} on one thread at a time (the
 * collector's, or a test's); {@code onRequest} on any thread.
 */
final class LeaseAgent {

    private static final System.Logger LOG = System.getLogger("org.karmi.dgc.lease");

    private final CollectorContext context;
    private final ExportTable exports;
    private final HolderTable holders;
    private final LongSupplier clock;
    private final LongSupplier sequences;
    private final Supplier<LeaseSettings> settings;
    private volatile boolean closed;

    LeaseAgent(CollectorContext context, ExportTable exports, HolderTable holders, LongSupplier clock,
            LongSupplier sequences, Supplier<LeaseSettings> settings) {
        this.context = context;
        this.exports = exports;
        this.holders = holders;
        this.clock = clock;
        this.sequences = sequences;
        this.settings = settings;
    }

    /**
     * One step at {@code now}: tells the reference layer which objects are unreferenced (no lock
     * held), then sends what is due, renewals first.
     *
     * @return the number of objects reported and requests sent (0: nothing was due)
     */
    int doWork(long now) {
        int work = 0;
        for (ObjectId id : exports.collect(now)) {
            if (closed) {
                return work;
            }
            try {
                context.unreferenced(id);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "unreferenced " + id + " failed", e);
            }
            work++;
        }
        for (Request r : holders.due(now)) {
            if (closed) {
                return work;
            }
            if (r.kind() == KIND_DIRTY) {
                dirty(r);
            } else {
                clean(r);
            }
            work++;
        }
        return work;
    }

    /** When {@link #doWork} has work next ({@code Long.MAX_VALUE}: only after an event). */
    long nextDeadline() {
        return Math.min(exports.nextDeadline(), holders.nextDeadline());
    }

    /** No more calls to the context from {@link #doWork} (the collector stops). */
    void close() {
        closed = true;
    }

    /** Checks and applies a DIRTY or CLEAN of node {@code fromNode}, writes the answer. */
    void onRequest(long fromNode, WireBuffer request, WireBuffer answer) throws IOException {
        LeaseMessageDescriptor.checkRequest(request, context.nodeId());
        if (LeaseMessageDescriptor.kind(request.array, request.position) == KIND_DIRTY) {
            long granted = exports.dirty(fromNode, request);
            LeaseMessageDescriptor.writeAnswer(answer, KIND_DIRTY_ANSWER, granted);
        } else {
            exports.clean(fromNode, request);
            LeaseMessageDescriptor.writeAnswer(answer, KIND_CLEAN_ANSWER, 0);
        }
        request.position = request.limit;
    }

    private void dirty(Request r) {
        long sentAt = clock.getAsLong();
        long requested = settings.get().leaseMillis();
        byte[] message = LeaseMessageDescriptor.encodeRequest(KIND_DIRTY, 0, r.owner().node, sequences.getAsLong(),
                requested, r.numbers());
        long granted;
        try {
            // an owner granting more than asked must not stretch this node's renewals and keep windows
            granted = Math.min(requested, LeaseMessageDescriptor.readAnswer(context.call(r.utids(), message), KIND_DIRTY));
        } catch (IOException | RuntimeException e) {
            holders.dirtyFailed(r, clock.getAsLong(), e);
            return;
        }
        holders.dirtyDone(r, sentAt, granted);
    }

    private void clean(Request r) {
        PendingCleans.CleanBatch batch = r.batch();
        if (batch.sequence == 0) {
            batch.sequence = sequences.getAsLong();
        }
        byte[] message = LeaseMessageDescriptor.encodeRequest(KIND_CLEAN, batch.strong ? FLAG_STRONG : 0,
                r.owner().node, batch.sequence, 0, r.numbers());
        try {
            LeaseMessageDescriptor.readAnswer(context.call(r.utids(), message), KIND_CLEAN);
        } catch (IOException | RuntimeException e) {
            holders.cleanFailed(r, clock.getAsLong(), e);
            return;
        }
        holders.cleanDone(r);
    }
}
