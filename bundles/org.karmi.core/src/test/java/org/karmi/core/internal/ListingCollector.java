package org.karmi.core.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * A minimal collector for the reference layer's wiring tests: plain reference listing, no
 * leases, no failure handling. A client announces a new holding with a request ("+"), and
 * a drop with a one-way message ("-"); the owner holds an object referenced while a send to
 * a node is not yet confirmed or a node lists it. Records every event for assertions.
 * Network work runs on one executor thread, never on the event's thread.
 */
final class ListingCollector implements DistributedCollector {

    final String name;
    final List<String> events = new CopyOnWriteArrayList<>();
    private final ExecutorService io = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "listing-collector");
        t.setDaemon(true);
        return t;
    });
    private final Map<ObjectId, Set<Long>> holders = new HashMap<>();
    private final Map<ObjectId, List<Utid>> owners = new ConcurrentHashMap<>();
    private volatile CollectorContext context;

    ListingCollector(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    /** What {@link #handOver()} returns. */
    volatile byte[] stateToHandOver;

    @Override
    public void start(CollectorContext c) {
        this.context = c;
        byte[] state = c.handedOver();
        events.add(state == null ? "start" : "start with " + new String(state));
    }

    @Override
    public byte[] handOver() {
        return stateToHandOver;
    }

    @Override
    public void replayed() {
        events.add("replayed");
    }

    @Override
    public void stop() {
        events.add("stop");
        io.shutdownNow();
    }

    @Override
    public void exported(ObjectId id) {
        events.add("exported " + id.number());
    }

    @Override
    public void adopted(ObjectId id) {
        events.add("adopted " + id.number());
        synchronized (this) {
            holders.computeIfAbsent(id, k -> new HashSet<>()).add(-1L); // never learns: stays referenced
        }
    }

    @Override
    public void unexported(ObjectId id) {
        synchronized (this) {
            holders.remove(id);
        }
    }

    @Override
    public void referenceSent(ObjectId id, long toNode) {
        events.add("sent " + id.number());
        if (id.nodeId() == context.nodeId()) {
            synchronized (this) {
                holders.computeIfAbsent(id, k -> new HashSet<>()).add(toNode);
            }
        }
    }

    @Override
    public synchronized boolean isReferenced(ObjectId id) {
        Set<Long> h = holders.get(id);
        return h != null && !h.isEmpty();
    }

    @Override
    public void referenceReceived(ObjectId id, List<Utid> owner, long fromNode, List<Utid> from, boolean first) {
        events.add("received " + id.number() + (first ? " first" : ""));
        owners.put(id, owner);
    }

    @Override
    public void referenceUnreachable(ObjectId id) {
        events.add("unreachable " + id.number());
        List<Utid> owner = owners.remove(id);
        io.execute(() -> {
            try {
                context.send(owner, ("-" + id.number()).getBytes());
            } catch (IOException e) {
                events.add("send failed " + e);
            }
        });
    }

    @Override
    public void onMessage(long fromNode, WireBuffer message) {
        String text = new String(message.array, message.position, message.remaining());
        events.add("message " + text);
        ObjectId id = new ObjectId(context.nodeId(), Long.parseLong(text.substring(1)));
        boolean empty;
        synchronized (this) {
            Set<Long> h = holders.getOrDefault(id, new HashSet<>());
            h.remove(fromNode);
            empty = h.isEmpty();
        }
        if (empty) {
            io.execute(() -> context.unreferenced(id));
        }
    }

    @Override
    public void onRequest(long fromNode, WireBuffer request, WireBuffer answer) throws IOException {
        String text = new String(request.array, request.position, request.remaining());
        if (!text.startsWith("?")) {
            throw new IOException("unknown request " + text);
        }
        events.add("request " + text);
        byte[] reply = ("!" + text.substring(1)).getBytes();
        answer.writeBytes(reply, 0, reply.length);
    }

    @Override
    public void peerFailed(long node) {
        events.add("peerFailed " + Long.toHexString(node));
    }

    /** Sends a request to the owner's collector and returns the answer's text (test helper). */
    String ask(List<Utid> owner, String text) throws IOException {
        WireBuffer a = context.call(owner, ("?" + text).getBytes());
        return new String(a.array, a.position, a.remaining());
    }

    /** Reports {@code id} unreferenced to the reference layer, whatever this collector knows (test helper). */
    void verdict(ObjectId id) {
        context.unreferenced(id);
    }

    /** This collector's statistics on {@code node}. */
    org.karmi.spi.dgc.CollectorStatistics statistics(KarmiNode node) {
        return node.collectorStatistics().get(name);
    }

    List<String> events(String prefix) {
        List<String> out = new ArrayList<>();
        for (String e : events) {
            if (e.startsWith(prefix)) {
                out.add(e);
            }
        }
        return out;
    }
}
