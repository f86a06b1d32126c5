package org.karmi.dgc.cluster.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.WireBuffer;

/**
 * Decrements this node owes other nodes, gathered per destination until the flusher takes
 * them (once the batch window has passed since it first saw one, or at once when a
 * destination has a full message), and messages whose send failed, waiting for another
 * attempt. Decrements for a node reported dead are dropped: its counts died with it.
 * Not thread-safe: used under the collector's lock.
 */
final class Outbox {

    /** Attempts to send one message before its decrements are given up (their objects then stay referenced). */
    static final int SEND_ATTEMPTS = 3;
    /** Wait before the second attempt; doubles for each further one. */
    static final long RETRY_DELAY_MILLIS = 200;
    /** Dead nodes remembered (node ids are never reused; a forgotten one just costs failing sends). */
    static final int DEAD_NODES_REMEMBERED = 4096;

    private static final long NOT_LINGERING = Long.MIN_VALUE;

    /** Work for the flusher: fresh decrements for one destination ({@code encoded} null) or messages to retry. */
    record Due(long destination, Map<ObjectId, long[]> decrements, List<byte[]> encoded, int attempt) {
    }

    private record Retry(long destination, List<byte[]> messages, int attempt, long notBefore) {
    }

    private final int maxIdsPerMessage;
    private final long windowMillis;
    private Map<Long, Map<ObjectId, long[]>> fresh = new LinkedHashMap<>();
    private int freshEntries;
    private boolean full;
    private long lingerSince = NOT_LINGERING;
    private final List<Retry> retries = new ArrayList<>();
    private final Map<Long, Boolean> dead = new LinkedHashMap<>() {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
            return size() > DEAD_NODES_REMEMBERED;
        }
    };
    private long dropped;

    Outbox(int maxIdsPerMessage, long windowMillis) {
        this.maxIdsPerMessage = maxIdsPerMessage;
        this.windowMillis = windowMillis;
    }

    /** Owes {@code destination} {@code n} (positive) references to {@code id}. */
    void add(long destination, ObjectId id, long n) {
        if (dead.containsKey(destination)) {
            dropped++;
            return;
        }
        Map<ObjectId, long[]> m = fresh.computeIfAbsent(destination, k -> new HashMap<>());
        long[] count = m.get(id);
        if (count != null) {
            count[0] += n;
            return;
        }
        m.put(id, new long[] {n});
        freshEntries++;
        if (m.size() >= maxIdsPerMessage) {
            full = true;
        }
    }

    /** Whether an idle flusher should wake: something new to linger over, or a full message to send. */
    boolean wantsFlusher() {
        return full || (!fresh.isEmpty() && lingerSince == NOT_LINGERING);
    }

    /**
     * Takes what is due at {@code nowMillis}: every destination's decrements once the window
     * has passed since the flusher first saw one (or at once if {@code all} or a message is
     * full), and the retries whose time has come.
     */
    List<Due> takeDue(long nowMillis, boolean all) {
        List<Due> due = new ArrayList<>();
        if (!fresh.isEmpty()) {
            if (lingerSince == NOT_LINGERING) {
                lingerSince = nowMillis;
            }
            if (all || full || nowMillis - lingerSince >= windowMillis) {
                for (Map.Entry<Long, Map<ObjectId, long[]>> e : fresh.entrySet()) {
                    due.add(new Due(e.getKey(), e.getValue(), null, 1));
                }
                fresh = new LinkedHashMap<>();
                freshEntries = 0;
                full = false;
                lingerSince = NOT_LINGERING;
            }
        }
        for (int i = 0; i < retries.size(); i++) {
            Retry r = retries.get(i);
            if (all || r.notBefore - nowMillis <= 0) {
                due.add(new Due(r.destination, null, r.messages, r.attempt));
                retries.remove(i--);
            }
        }
        return due;
    }

    /** Milliseconds from {@code nowMillis} until the flusher next has work: 0 at once, -1 none. */
    long millisUntilDue(long nowMillis) {
        long wait = -1;
        if (!fresh.isEmpty()) {
            wait = full || lingerSince == NOT_LINGERING ? 0 : Math.max(0, lingerSince + windowMillis - nowMillis);
        }
        for (Retry r : retries) {
            long w = Math.max(0, r.notBefore - nowMillis);
            wait = wait < 0 ? w : Math.min(wait, w);
        }
        return wait;
    }

    /**
     * Sending {@code unsent} (messages for {@code destination}, attempt {@code attempt})
     * failed: schedules another attempt, or drops them after the last.
     *
     * @return whether they were dropped
     */
    boolean failed(long destination, List<byte[]> unsent, int attempt, long nowMillis) {
        if (dead.containsKey(destination) || attempt >= SEND_ATTEMPTS) {
            drop(unsent);
            return true;
        }
        retries.add(new Retry(destination, unsent, attempt + 1, nowMillis + (RETRY_DELAY_MILLIS << (attempt - 1))));
        return false;
    }

    /** Gives up messages that cannot be sent (no address known for their destination, or the end of stopping). */
    void drop(List<byte[]> messages) {
        for (byte[] m : messages) {
            dropped += DecrementDescriptor.entries(m);
        }
    }

    /** Forgets what is owed to {@code node}, which died, and drops whatever is owed to it later. */
    void nodeFailed(long node) {
        dead.put(node, Boolean.TRUE);
        Map<ObjectId, long[]> m = fresh.remove(node);
        if (m != null) {
            dropped += m.size();
            freshEntries -= m.size();
            full = fresh.values().stream().anyMatch(x -> x.size() >= maxIdsPerMessage);
            if (fresh.isEmpty()) {
                lingerSince = NOT_LINGERING;
            }
        }
        for (int i = 0; i < retries.size(); i++) {
            if (retries.get(i).destination == node) {
                drop(retries.remove(i--).messages);
            }
        }
    }

    /** Receives what is owed, for a hand-over. */
    interface OwedVisitor {
        void owed(long destination, ObjectId id, long count);
    }

    /** Hands every decrement owed (fresh ones and those of messages to retry) to {@code v}. */
    void forEachOwed(OwedVisitor v) {
        for (Map.Entry<Long, Map<ObjectId, long[]>> e : fresh.entrySet()) {
            long destination = e.getKey();
            e.getValue().forEach((id, n) -> v.owed(destination, id, n[0]));
        }
        for (Retry r : retries) {
            for (byte[] m : r.messages) {
                WireBuffer in = new WireBuffer(0);
                in.array = m;
                in.flipForRead(0, m.length);
                DecrementDescriptor.apply(in, r.destination, (id, n) -> v.owed(r.destination, id, n));
            }
        }
    }

    /** The nodes known dead, oldest first. */
    List<Long> deadNodes() {
        return List.copyOf(dead.keySet());
    }

    /** Remembers {@code node} as dead (a handed-over state: nothing is owed to it). */
    void markDead(long node) {
        dead.put(node, Boolean.TRUE);
    }

    /** Decrement entries given up so far (dead or unreachable destination, failed sends). */
    long dropped() {
        return dropped;
    }

    /** Decrement entries waiting: fresh ones and those of messages to retry. */
    int pending() {
        int n = freshEntries;
        for (Retry r : retries) {
            for (byte[] m : r.messages) {
                n += DecrementDescriptor.entries(m);
            }
        }
        return n;
    }
}
