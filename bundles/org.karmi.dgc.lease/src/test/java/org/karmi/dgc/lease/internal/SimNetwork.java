package org.karmi.dgc.lease.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * A deterministic network of lease collectors without threads: one fake clock, collectors
 * driven by {@link #runUntil} as their threads would be (a collector runs when the deadline it
 * gave after its last step has come, or when an event signalled it; never otherwise), and requests
 * whose fate a {@link Policy} decides: delivered, dropped, answer lost, delayed (the caller
 * times out, the request arrives later) or duplicated (a copy arrives later). Records every
 * request sent. Not thread-safe: one test thread.
 */
final class SimNetwork {

    /** What happens to one request. */
    enum Fate { DELIVER, DROP_REQUEST, DROP_ANSWER, DELAY, DUPLICATE }

    /** Decides the fate of each request and how long a delayed copy travels. */
    interface Policy {
        Fate fate(long from, long to, byte kind);

        default long delayMillis() {
            return 10;
        }
    }

    /** Every request delivered. */
    static final Policy RELIABLE = (from, to, kind) -> Fate.DELIVER;

    /** One request as sent. */
    record Sent(long time, long from, long to, byte kind, int flags, int ids, int bytes, long sequence, Fate fate) {
    }

    private record Delayed(long time, long order, long from, long to, byte[] request) {
    }

    long now;
    Policy policy = RELIABLE;
    final long timeoutMillis;
    final List<Sent> sent = new ArrayList<>();
    /** Called after every step of the agents (a safety check). */
    Runnable afterStep = () -> { };
    private final Map<Long, Node> nodes = new LinkedHashMap<>();
    private final PriorityQueue<Delayed> delayed = new PriorityQueue<>(
            (a, b) -> a.time != b.time ? Long.compare(a.time, b.time) : Long.compare(a.order, b.order));
    private final AtomicLong sequences = new AtomicLong(1000);
    private long order;
    private boolean inAgent;

    SimNetwork(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    /** A node with a started lease collector of {@code settings}. */
    Node add(long id, LeaseSettings settings) {
        Node n = new Node(id, settings);
        nodes.put(id, n);
        n.start();
        return n;
    }

    Node node(long id) {
        return nodes.get(id);
    }

    Iterable<Node> nodes() {
        return nodes.values();
    }

    /** Steps every live agent at each deadline and delivers each delayed request until {@code t}. */
    void runUntil(long t) {
        for (int guard = 0;; guard++) {
            assertTrue(guard < 1_000_000, "the agents do not progress at " + now);
            long next = delayed.isEmpty() ? Long.MAX_VALUE : delayed.peek().time;
            for (Node n : nodes.values()) {
                if (n.alive) {
                    long deadline = n.collector.nextDeadline();
                    assertTrue(n.wakeAt <= deadline, () -> n + ": an event brought its deadline forward to " + deadline
                            + " without waking its thread, which sleeps until " + n.wakeAt);
                    next = Math.min(next, n.wakeAt);
                }
            }
            if (next > t) {
                break;
            }
            step(Math.max(now, next));
        }
        step(t);
    }

    /** Runs for {@code millis}. */
    void run(long millis) {
        runUntil(now + millis);
    }

    /** Moves the clock to {@code t} (delivering delayed requests on the way) and steps the agents that are due. */
    void step(long t) {
        while (!delayed.isEmpty() && delayed.peek().time <= t) {
            Delayed d = delayed.poll();
            now = Math.max(now, d.time);
            Node to = nodes.get(d.to);
            if (to != null && to.alive) {
                try {
                    deliver(d.from, to, d.request);
                } catch (IOException e) {
                    // the late copy is refused; nobody waits for it
                }
            }
        }
        now = Math.max(now, t);
        inAgent = true;
        try {
            for (int round = 0;; round++) {
                assertTrue(round < 1000, "the agents keep waking each other at " + now);
                boolean ran = false;
                for (Node n : List.copyOf(nodes.values())) {
                    if (n.alive && n.wakeAt <= now) {
                        // as the runner: a signal during doWork leaves a permit (wakeAt stays due)
                        n.wakeAt = Long.MAX_VALUE;
                        n.collector.doWork(now);
                        n.wakeAt = Math.min(n.wakeAt, n.collector.nextDeadline());
                        ran = true;
                    }
                }
                if (!ran) {
                    break;
                }
            }
        } finally {
            inAgent = false;
        }
        afterStep.run();
    }

    /** Requests sent of {@code kind} from {@code from} to {@code to} (0: any) since {@code since}. */
    List<Sent> sent(byte kind, long from, long to, long since) {
        return sent.stream().filter(s -> s.kind == kind && (from == 0 || s.from == from)
                && (to == 0 || s.to == to) && s.time >= since).toList();
    }

    int delayedCount() {
        return delayed.size();
    }

    private WireBuffer call(Node from, List<Utid> destination, byte[] request) throws IOException {
        assertTrue(inAgent, "a collector called the network outside its own thread (an event method?)");
        Node to = null;
        for (Node n : nodes.values()) {
            if (destination.contains(n.utid)) {
                to = n;
            }
        }
        if (to == null || !to.alive) {
            throw new IOException("node unreachable: " + destination);
        }
        byte kind = LeaseMessageDescriptor.kind(request, 0);
        Fate fate = policy.fate(from.id, to.id, kind);
        sent.add(new Sent(now, from.id, to.id, kind, LeaseMessageDescriptor.flags(request, 0),
                LeaseMessageDescriptor.count(request, 0), request.length, LeaseMessageDescriptor.sequence(request, 0),
                fate));
        switch (fate) {
            case DROP_REQUEST -> throw new IOException("request lost");
            case DELAY -> {
                later(from.id, to.id, request);
                throw new IOException("timed out");
            }
            case DROP_ANSWER -> {
                deliver(from.id, to, request);
                throw new IOException("answer lost");
            }
            case DUPLICATE -> {
                later(from.id, to.id, request);
                return deliver(from.id, to, request);
            }
            default -> {
                return deliver(from.id, to, request);
            }
        }
    }

    private void later(long from, long to, byte[] request) {
        delayed.add(new Delayed(now + Math.max(1, policy.delayMillis()), order++, from, to, request.clone()));
    }

    private static WireBuffer deliver(long from, Node to, byte[] request) throws IOException {
        WireBuffer in = new WireBuffer(request.length);
        System.arraycopy(request, 0, in.array, 0, request.length);
        in.flipForRead(0, request.length);
        WireBuffer answer = new WireBuffer(64);
        answer.clearForWrite(0);
        to.collector.onRequest(from, in, answer);
        answer.flipForRead(0, answer.position);
        return answer;
    }

    /** One simulated node: its lease collector and the collector's context. */
    final class Node implements CollectorContext {
        final long id;
        final Utid utid;
        final LeaseSettings settings;
        LeaseCollector collector;
        boolean alive = true;
        /** When the collector's thread would wake: its last deadline, or at once after a signal. */
        long wakeAt = Long.MIN_VALUE;
        final List<ObjectId> unreferenced = new ArrayList<>();
        Consumer<ObjectId> onUnreferenced = id -> { };

        Node(long id, LeaseSettings settings) {
            this.id = id;
            this.utid = new Utid("sim", Long.toHexString(id).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            this.settings = settings;
        }

        /** Starts a new collector (the first, or one that replaces a stopped one). */
        void start() {
            collector = new LeaseCollector(settings, () -> now, sequences::incrementAndGet,
                    () -> wakeAt = Long.MIN_VALUE);
            wakeAt = Long.MIN_VALUE;
            collector.start(this);
        }

        /** Stops the collector and starts a new one, which is told nothing yet (the caller adopts and replays). */
        void restart() {
            collector.stop();
            start();
        }

        List<Utid> utids() {
            return List.of(utid);
        }

        @Override
        public long nodeId() {
            return id;
        }

        @Override
        public List<Utid> nodeUtids() {
            return utids();
        }

        @Override
        public long timeoutMillis() {
            return timeoutMillis;
        }

        @Override
        public void send(List<Utid> destination, byte[] message) {
            throw new AssertionError("the lease collector sends requests only");
        }

        @Override
        public WireBuffer call(List<Utid> destination, byte[] request) throws IOException {
            return SimNetwork.this.call(this, destination, request);
        }

        @Override
        public void unreferenced(ObjectId objectId) {
            assertTrue(inAgent, "unreferenced called outside the collector's thread");
            unreferenced.add(objectId);
            onUnreferenced.accept(objectId);
        }

        @Override
        public String toString() {
            return "node " + id;
        }
    }
}
