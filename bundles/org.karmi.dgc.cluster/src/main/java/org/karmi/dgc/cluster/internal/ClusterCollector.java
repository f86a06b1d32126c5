package org.karmi.dgc.cluster.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.LogLimiter;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * The {@code cluster} distributed garbage collector: indirect reference counting (Piquer's
 * diffusion trees) for reliable, in-order domains such as ParaStation. Passing a reference on
 * sends nothing; each node gives every reference back to the node it got it from (a duplicate
 * at once, the first one when its stubs and everything it passed on are gone), in DECREMENT
 * messages ({@link DecrementDescriptor}) batched per node by one flusher; no leases, no timers.
 * Objects a dead node may still have held or passed on stay referenced until unexported, and so
 * do objects exported before the collector started (why: {@code docs/DGC.md}, cluster collector),
 * unless it continues the state its predecessor handed over ({@link #handOver}, {@link HandOverCodec}):
 * then its counts are exact, and the holdings the replay does not confirm are released at
 * {@link #replayed}. A collector that handed its state over sends nothing more: its successor
 * sends what it owed.
 *
 * <p>Threading: event methods are thread-safe, short, and never touch the network: they update
 * the {@link Ledger} under one lock and wake the flusher. {@link #doWork} sends and reports
 * verdicts, on the daemon thread {@code karmi-dgc-cluster-<node id in hex>} or, when built
 * without one (tests), on its caller's.
 */
public class ClusterCollector implements DistributedCollector {

    /** This collector's name. */
    public static final String NAME = "cluster";
    /** Beyond the context's timeout, how long {@link #stop} waits for the last decrements to leave. */
    static final long STOP_GRACE_MILLIS = 1_000;
    /** Malformed messages and lost decrements are logged at most once per this interval and kind. */
    static final long LOG_INTERVAL_MILLIS = 10_000;

    private static final System.Logger LOG = System.getLogger("org.karmi.dgc.cluster");

    /** What this collector counted (tests, diagnostics). */
    record Counters(long anomalies, long malformedMessages, long decrementsDropped, int ownedEntries,
            int heldEntries, int pendingDecrements) {
    }

    private final ClusterConfig config;
    private final boolean ownThread;
    private final Object lock = new Object();
    private final LogLimiter badMessages = new LogLimiter(LOG, Level.WARNING, LOG_INTERVAL_MILLIS);
    private final LogLimiter lostDecrements = new LogLimiter(LOG, Level.WARNING, LOG_INTERVAL_MILLIS);
    private volatile long self;
    // guarded by lock
    private final Map<Long, List<Utid>> addresses = new HashMap<>();
    private CollectorContext context;
    private Ledger ledger;
    private Outbox outbox;
    private Thread flusher;
    private boolean signalled;
    private boolean stopping;
    /** The state went to the successor: what is owed is its to send. */
    private boolean handedOver;
    private long malformed;

    /** A collector configured from the system properties {@code karmi.dgc.cluster.*} (for {@link java.util.ServiceLoader}). */
    public ClusterCollector() {
        this(ClusterConfig.fromSystemProperties());
    }

    /** A collector with its own flusher thread. */
    public ClusterCollector(ClusterConfig config) {
        this(config, true);
    }

    /** A collector with its own flusher thread, or (tests) one whose {@link #doWork} its caller drives. */
    ClusterCollector(ClusterConfig config, boolean ownThread) {
        this.config = config;
        this.ownThread = ownThread;
    }

    @Override
    public final String name() {
        return NAME;
    }

    @Override
    public final void start(CollectorContext context) {
        synchronized (lock) {
            this.context = context;
            this.self = context.nodeId();
            this.outbox = new Outbox(config.maxIdsPerMessage(), config.batchWindowMillis());
            this.ledger = new Ledger(self, outbox);
            continueFrom(context.handedOver());
            if (ownThread) {
                flusher = new Thread(this::runFlusher, "karmi-dgc-cluster-" + Long.toHexString(self));
                flusher.setDaemon(true);
                flusher.start();
            }
        }
    }

    /** Under the lock, in {@link #start}: restores a predecessor's state, or starts empty if there is none or it is malformed. */
    private void continueFrom(byte[] state) {
        if (state == null) {
            return;
        }
        try {
            HandOverCodec.decode(state, self, ledger, outbox, addresses);
            ledger.continueHandedOver();
            wakeFlusherIfNeeded();
            LOG.log(Level.DEBUG, "cluster collector of node {0} continues its predecessor''s state: {1} owned, {2} held,"
                    + " {3} decrements owed", Long.toHexString(self), ledger.ownedEntries(), ledger.heldEntries(),
                    outbox.pending());
        } catch (StreamCorruptedException | RuntimeException e) {
            outbox = new Outbox(config.maxIdsPerMessage(), config.batchWindowMillis());
            ledger = new Ledger(self, outbox);
            addresses.clear();
            LOG.log(Level.WARNING, "cluster collector of node " + Long.toHexString(self) + " cannot continue the state"
                    + " handed over (" + e.getMessage() + "): it starts empty, objects exported before it stay referenced"
                    + " until unexported");
        }
    }

    /**
     * The whole state, for the next collector of this name on this node ({@link HandOverCodec}).
     * Afterwards this collector sends nothing and reports nothing: its successor sends the
     * decrements owed and reports the pending verdicts (so nothing is sent twice). A message the
     * flusher is sending at this moment is not in the state; if it fails, it is lost (its object
     * stays referenced).
     */
    @Override
    public final byte[] handOver() {
        synchronized (lock) {
            if (ledger == null) {
                return null;
            }
            handedOver = true;
            lock.notifyAll();
            return HandOverCodec.encode(self, ledger, outbox, addresses);
        }
    }

    /** Releases the holdings of a handed-over state that the replay did not confirm: dropped while no collector was installed. */
    @Override
    public final void replayed() {
        synchronized (lock) {
            ledger.replayed();
            wakeFlusherIfNeeded();
        }
    }

    /**
     * Stops the flusher after it has sent what is owed (waiting at most the context's timeout
     * and a second); after {@link #handOver} it sends nothing more.
     */
    @Override
    public final void stop() {
        Thread t;
        long bound;
        synchronized (lock) {
            if (stopping) {
                return;
            }
            stopping = true;
            lock.notifyAll();
            t = flusher;
            bound = (context == null ? 0 : context.timeoutMillis()) + STOP_GRACE_MILLIS;
        }
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        try {
            t.join(bound);
            if (t.isAlive()) {
                t.interrupt();
                t.join(STOP_GRACE_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Nothing to count until a reference to it is sent. */
    @Override
    public final void exported(ObjectId id) {
    }

    @Override
    public final void adopted(ObjectId id) {
        synchronized (lock) {
            ledger.adopted(id);
        }
    }

    @Override
    public final void unexported(ObjectId id) {
        synchronized (lock) {
            ledger.unexported(id);
        }
    }

    @Override
    public final void referenceSent(ObjectId id, long toNode) {
        synchronized (lock) {
            ledger.sent(id, toNode);
        }
    }

    @Override
    public final boolean isReferenced(ObjectId id) {
        synchronized (lock) {
            return ledger.isReferenced(id);
        }
    }

    @Override
    public final void referenceReceived(ObjectId id, List<Utid> owner, long fromNode, List<Utid> from,
            boolean firstOnNode) {
        synchronized (lock) {
            remember(id.nodeId(), owner);
            remember(fromNode, from);
            ledger.received(id, fromNode, firstOnNode);
            wakeFlusherIfNeeded();
        }
    }

    @Override
    public final void referenceUnreachable(ObjectId id) {
        synchronized (lock) {
            ledger.unreachable(id);
            wakeFlusherIfNeeded();
        }
    }

    @Override
    public final void onMessage(long fromNode, WireBuffer message) {
        try {
            DecrementDescriptor.check(message, self);
            synchronized (lock) {
                DecrementDescriptor.apply(message, self, (id, n) -> ledger.decremented(fromNode, id, n));
                wakeFlusherIfNeeded();
            }
        } catch (StreamCorruptedException | RuntimeException e) {
            synchronized (lock) {
                malformed++;
            }
            badMessages.log("dropped a cluster DGC message from node " + Long.toHexString(fromNode) + ": " + e);
        }
    }

    /** The cluster collector sends no requests, so it answers none. */
    @Override
    public final void onRequest(long fromNode, WireBuffer request, WireBuffer answer) throws IOException {
        throw new StreamCorruptedException("the cluster collector answers no requests (from node "
                + Long.toHexString(fromNode) + ")");
    }

    /**
     * Forgets what is owed to {@code node}. Whatever it held or passed on stays counted: no
     * node can tell what it passed on before it died, so its objects stay referenced.
     */
    @Override
    public final void peerFailed(long node) {
        synchronized (lock) {
            outbox.nodeFailed(node);
            addresses.remove(node);
        }
        LOG.log(Level.INFO, "node {0} failed: objects it may have held or passed on stay referenced until unexported",
                Long.toHexString(node));
    }

    /**
     * One step of the flusher: reports the objects whose count reached zero (if no reference
     * was sent since) and sends the decrements that are due and the retries whose time has
     * come. Never called from an event method.
     *
     * @return verdicts reported plus messages sent or given up
     */
    public final int doWork(long nowMillis) {
        return doWork(nowMillis, false);
    }

    private int doWork(long nowMillis, boolean all) {
        CollectorContext ctx;
        List<ObjectId> verdicts;
        List<Outbox.Due> due;
        List<List<Utid>> to = new ArrayList<>();
        synchronized (lock) {
            signalled = false;
            if (handedOver) {
                return 0; // the successor sends and reports
            }
            ctx = context;
            verdicts = ledger.takeVerdicts();
            due = outbox.takeDue(nowMillis, all);
            for (Outbox.Due d : due) {
                to.add(addresses.get(d.destination()));
            }
        }
        int work = 0;
        for (ObjectId id : verdicts) {
            if (!isReferenced(id)) {
                try {
                    ctx.unreferenced(id);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "reporting " + id + " unreferenced failed", e);
                }
                work++;
            }
        }
        for (int i = 0; i < due.size(); i++) {
            work += send(ctx, due.get(i), to.get(i), nowMillis);
        }
        return work;
    }

    private int send(CollectorContext ctx, Outbox.Due d, List<Utid> to, long nowMillis) {
        List<byte[]> messages = d.encoded() != null ? d.encoded()
                : DecrementDescriptor.encode(d.destination(), d.decrements(), config.maxIdsPerMessage());
        if (to == null || to.isEmpty()) {
            synchronized (lock) {
                outbox.drop(messages);
            }
            lostDecrements.log("node " + Long.toHexString(d.destination()) + " listens nowhere this collector knows:"
                    + " decrements for it are dropped and their objects stay referenced");
            return messages.size();
        }
        for (int i = 0; i < messages.size(); i++) {
            try {
                ctx.send(to, messages.get(i));
            } catch (IOException | RuntimeException e) {
                boolean gaveUp;
                synchronized (lock) {
                    gaveUp = outbox.failed(d.destination(), List.copyOf(messages.subList(i, messages.size())),
                            d.attempt(), nowMillis);
                }
                if (gaveUp) {
                    lostDecrements.log("decrements for node " + Long.toHexString(d.destination()) + " given up after "
                            + d.attempt() + " attempt(s), their objects stay referenced: " + e);
                }
                return i + 1;
            }
        }
        return messages.size();
    }

    private void runFlusher() {
        try {
            while (true) {
                try {
                    doWork(nowMillis(), false);
                } catch (RuntimeException e) {
                    LOG.log(Level.ERROR, "cluster collector flusher step failed", e);
                }
                if (!awaitWork()) {
                    break;
                }
            }
            doWork(nowMillis(), true);
        } catch (InterruptedException e) {
            // stop() gave up waiting for the last decrements
        } catch (RuntimeException e) {
            LOG.log(Level.ERROR, "cluster collector flusher failed while stopping", e);
        }
    }

    /** Waits for work (an event's signal, a batch window's end, a retry's time); false once stopping. */
    private boolean awaitWork() throws InterruptedException {
        synchronized (lock) {
            while (!stopping && !handedOver && !signalled && !ledger.hasVerdicts()) {
                long wait = outbox.millisUntilDue(nowMillis());
                if (wait == 0) {
                    break;
                }
                lock.wait(Math.max(wait, 0));
            }
            return !stopping && !handedOver;
        }
    }

    /** Under the lock: wakes the flusher when it has something new to do. */
    private void wakeFlusherIfNeeded() {
        if (!signalled && (ledger.hasVerdicts() || outbox.wantsFlusher())) {
            signalled = true;
            lock.notifyAll();
        }
    }

    /** Under the lock: the UTIDs to send decrements for {@code node} to. */
    private void remember(long node, List<Utid> utids) {
        if (node == Ledger.NO_PARENT || node == self || utids.isEmpty()) {
            return;
        }
        List<Utid> old = addresses.get(node);
        if (old != utids && !utids.equals(old)) {
            addresses.put(node, List.copyOf(utids));
        }
    }

    private static long nowMillis() {
        return System.nanoTime() / 1_000_000;
    }

    Counters counters() {
        synchronized (lock) {
            return new Counters(ledger.anomalies(), malformed, outbox.dropped(), ledger.ownedEntries(),
                    ledger.heldEntries(), outbox.pending());
        }
    }

    /** Held entries of a handed-over state whose stubs the replay has yet to confirm. */
    int awaitingReplay() {
        synchronized (lock) {
            return ledger.awaitingReplay();
        }
    }

    /** How many references to {@code id} this node sent {@code node} and has not got back. */
    long sentTo(ObjectId id, long node) {
        synchronized (lock) {
            return ledger.sentTo(id, node);
        }
    }

    @Override
    public String toString() {
        return "ClusterCollector[node " + Long.toHexString(self) + ", " + config + (ledger == null ? "" : ", " + counters())
                + "]";
    }
}
