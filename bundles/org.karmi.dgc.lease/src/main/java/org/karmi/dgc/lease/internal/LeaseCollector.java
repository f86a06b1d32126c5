package org.karmi.dgc.lease.internal;

import java.io.IOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * The {@code lease} collector: java.rmi's distributed garbage collection (reference listing
 * with leases, sequence numbers, strong clean) with a provisional lease in place of java.rmi's
 * DGCAck round trip; see {@code docs/DGC.md}. Event methods only record and signal;
 * one daemon thread per started collector ({@code karmi-dgc-lease-<node id>}) sends the
 * messages and finds expired leases. Thread-safe. Outside OSGi, {@link java.util.ServiceLoader}
 * creates it with the settings of the system properties ({@link LeaseSettings#fromProperties}).
 */
public class LeaseCollector implements DistributedCollector {

    /** This collector's name. */
    public static final String NAME = "lease";

    /**
     * Sequence numbers of every collector loaded by this class loader: one rising counter, so
     * that a collector restarted on the same node never reuses a number its predecessor sent;
     * it starts from the wall clock in microseconds (times 1024), which a later class loader's
     * counter also starts above unless the clock went back.
     */
    private static final AtomicLong SEQUENCES = new AtomicLong(
            ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()) << 10);

    private final LongSupplier clock;
    private final LongSupplier sequences;
    /** Null: the collector runs its own thread; else how events wake the caller that drives {@link #doWork}. */
    private final Runnable externalSignal;
    private volatile LeaseSettings settings;
    private volatile Session session;

    /** What exists between {@link #start} and {@link #stop}. */
    private record Session(CollectorContext context, ExportTable exports, HolderTable holders, LeaseAgent agent,
            AgentRunner runner) {
    }

    /** A collector with the settings of the system properties (the {@link java.util.ServiceLoader} entry). */
    public LeaseCollector() {
        this(LeaseSettings.fromProperties(System::getProperty));
    }

    /** A collector with {@code settings}, its own thread and the monotonic clock. */
    LeaseCollector(LeaseSettings settings) {
        this(settings, () -> System.nanoTime() / 1_000_000, SEQUENCES::incrementAndGet, null);
    }

    /**
     * A collector over an injected clock and sequence numbers.
     *
     * @param signal null: the collector runs its own thread; else it has none, the caller drives
     *               {@link #doWork} and events that make work call {@code signal} (tests)
     */
    LeaseCollector(LeaseSettings settings, LongSupplier clock, LongSupplier sequences, Runnable signal) {
        this.settings = settings;
        this.clock = clock;
        this.sequences = sequences;
        this.externalSignal = signal;
    }

    /** Changes the settings: the lease applies to leases asked for and granted from now on. */
    void configure(LeaseSettings newSettings) {
        this.settings = newSettings;
    }

    LeaseSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public synchronized void start(CollectorContext context) {
        if (session != null) {
            throw new IllegalStateException("lease collector already started");
        }
        long node = context.nodeId();
        AgentRunner runner = externalSignal == null
                ? new AgentRunner("karmi-dgc-lease-" + Long.toHexString(node), clock) : null;
        Runnable signal = runner != null ? runner::signal : externalSignal;
        ExportTable exports = new ExportTable(node, clock, this::settings, signal);
        HolderTable holders = new HolderTable(node, clock, this::settings, signal);
        LeaseAgent agent = new LeaseAgent(context, exports, holders, clock, sequences, this::settings);
        session = new Session(context, exports, holders, agent, runner);
        if (runner != null) {
            runner.start(agent);
        }
    }

    @Override
    public synchronized void stop() {
        Session s = session;
        session = null;
        if (s != null) {
            if (s.runner != null) {
                s.runner.close(s.context.timeoutMillis() + 1_000);
            } else {
                s.agent.close();
            }
        }
    }

    @Override
    public void exported(ObjectId id) {
        Session s = session;
        if (s != null) {
            s.exports.exported(id);
        }
    }

    /** Referenced for one lease plus a grace (the holders' renewals come within half of theirs), then as DIRTYs say. */
    @Override
    public void adopted(ObjectId id) {
        Session s = session;
        if (s != null) {
            long lease = settings.leaseMillis();
            s.exports.adopted(id, lease + Math.max(lease / 4, 2 * s.context.timeoutMillis()));
        }
    }

    @Override
    public void unexported(ObjectId id) {
        Session s = session;
        if (s != null) {
            s.exports.unexported(id);
        }
    }

    @Override
    public void referenceSent(ObjectId id, long toNode) {
        Session s = session;
        if (s == null || toNode == s.context.nodeId()) {
            return;
        }
        if (id.nodeId() == s.context.nodeId()) {
            s.exports.sent(id, toNode);
        } else {
            s.holders.sent(id, toNode);
        }
    }

    /** Referenced while a lease, a provisional lease or the adoption window runs; true when stopped (in doubt). */
    @Override
    public boolean isReferenced(ObjectId id) {
        Session s = session;
        return s == null || s.exports.isReferenced(id);
    }

    @Override
    public void referenceReceived(ObjectId id, List<Utid> owner, long fromNode, List<Utid> from, boolean firstOnNode) {
        Session s = session;
        if (s != null) {
            s.holders.received(id, owner, fromNode == 0, firstOnNode);
        }
    }

    @Override
    public void referenceUnreachable(ObjectId id) {
        Session s = session;
        if (s != null) {
            s.holders.unreachable(id);
        }
    }

    /** Not used by this collector: its messages are requests. Drops the message. */
    @Override
    public void onMessage(long fromNode, WireBuffer message) {
        message.position = message.limit;
    }

    @Override
    public void onRequest(long fromNode, WireBuffer request, WireBuffer answer) throws IOException {
        Session s = session;
        if (s == null) {
            throw new IOException("lease collector of this node is stopped");
        }
        s.agent.onRequest(fromNode, request, answer);
    }

    /**
     * Node {@code node} died: as an owner, its leases end after a grace of two call timeouts
     * (time for the DIRTY of a node it passed a reference to just before); as a holder, the
     * objects it owned are forgotten.
     */
    @Override
    public void peerFailed(long node) {
        Session s = session;
        if (s != null) {
            s.exports.peerFailed(node, Math.min(settings.leaseMillis(), 2 * s.context.timeoutMillis()));
            s.holders.peerFailed(node);
        }
    }

    /** One step of the agent (collectors without their own thread: tests). */
    int doWork(long now) {
        Session s = session;
        return s == null ? 0 : s.agent.doWork(now);
    }

    /** When {@link #doWork} has work next. */
    long nextDeadline() {
        Session s = session;
        return s == null ? Long.MAX_VALUE : s.agent.nextDeadline();
    }

    /** (client, object) entries of the owner side (tests). */
    int ownerEntries() {
        Session s = session;
        return s == null ? 0 : s.exports.entries();
    }

    /** End of the lease that node {@code node}'s DIRTYs got for {@code id}; 0 if none (tests). */
    long dirtyUntil(ObjectId id, long node) {
        Session s = session;
        return s == null ? 0 : s.exports.dirtyUntil(id, node);
    }

    /** Objects held or kept on the holder side (tests). */
    int heldObjects() {
        Session s = session;
        return s == null ? 0 : s.holders.held();
    }

    /** The collector's thread, null without one (tests). */
    Thread thread() {
        Session s = session;
        return s == null || s.runner == null ? null : s.runner.thread();
    }

    @Override
    public String toString() {
        return "LeaseCollector[lease=" + settings.leaseMillis() + " ms]";
    }
}
