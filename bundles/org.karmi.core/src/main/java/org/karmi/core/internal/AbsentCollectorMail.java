package org.karmi.core.internal;

import java.lang.System.Logger.Level;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.spi.transport.WireBuffer;

/**
 * One-way messages for collectors that were installed on this node and are away (their bundle
 * stopped or is being updated), kept in arrival order and handed to the next collector of
 * that name, so that a swap loses no decrement. Bounded by bytes over all collectors: beyond
 * it a message is dropped (a collector's lost one-way message may only delay a collection,
 * never cause an early one) and the drop logged once per name. Thread-safe.
 */
final class AbsentCollectorMail {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    /** Receives kept messages in order. */
    @FunctionalInterface
    interface Receiver {
        void onMessage(long fromNode, WireBuffer message);
    }

    private record Kept(long fromNode, byte[] bytes) {
    }

    private final int budgetBytes;
    private final Set<String> expected = ConcurrentHashMap.newKeySet();
    private final Map<String, ArrayDeque<Kept>> kept = new HashMap<>();
    private final Set<String> toldFull = ConcurrentHashMap.newKeySet();
    private int bytes;

    AbsentCollectorMail(int budgetBytes) {
        this.budgetBytes = budgetBytes;
    }

    /** A collector of this name was installed: its messages are kept while it is away. */
    void expect(String name) {
        expected.add(name);
    }

    /** Whether a collector of this name was installed here before. */
    boolean expects(String name) {
        return expected.contains(name);
    }

    /** Keeps a message for an absent collector that was installed before; returns whether it did. */
    boolean keep(String name, long fromNode, WireBuffer message) {
        if (!expected.contains(name)) {
            return false;
        }
        int n = message.remaining();
        synchronized (this) {
            if (bytes + n > budgetBytes) {
                if (toldFull.add(name)) {
                    LOG.log(Level.WARNING, "messages for collector {0}, which is away, exceed {1} bytes: later ones are"
                            + " dropped (objects may then stay exported longer, never go early)", name, budgetBytes);
                }
                return false;
            }
            byte[] copy = new byte[n];
            System.arraycopy(message.array, message.position, copy, 0, n);
            kept.computeIfAbsent(name, k -> new ArrayDeque<>()).add(new Kept(fromNode, copy));
            bytes += n;
        }
        return true;
    }

    /** Hands every message kept for {@code name} to {@code receiver}, in arrival order. */
    void deliver(String name, Receiver receiver) {
        ArrayDeque<Kept> mine;
        synchronized (this) {
            mine = kept.remove(name);
            if (mine == null) {
                return;
            }
            for (Kept k : mine) {
                bytes -= k.bytes.length;
            }
            toldFull.remove(name);
        }
        for (Kept k : mine) {
            WireBuffer b = new WireBuffer(Math.max(16, k.bytes.length));
            b.writeBytes(k.bytes, 0, k.bytes.length);
            b.flipForRead(0, b.position);
            receiver.onMessage(k.fromNode, b);
        }
    }

    /** Bytes kept now (tests). */
    synchronized int bytes() {
        return bytes;
    }
}
