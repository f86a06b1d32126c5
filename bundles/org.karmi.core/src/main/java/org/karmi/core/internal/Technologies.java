package org.karmi.core.internal;

import java.rmi.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;

/**
 * The node's running technologies in preference order, and the choice of a route to a
 * remote reference's node (paper, section 4.3): the first technology in preference order
 * that {@linkplain Technology#canReach reaches} one of the reference's UTIDs; technologies
 * not named in the preference come last, in arrival order. A node reached once through a
 * technology is reached the same way again (so that a registry lookup and the call after
 * it share one connection). Thread-safe: the list is copy-on-write, each change bumps the
 * generation so that cached routes are chosen again.
 */
final class Technologies {

    private final List<String> preference;
    private final CopyOnWriteArrayList<Technology> running = new CopyOnWriteArrayList<>();
    private final ConcurrentHashMap<Long, Route> learned = new ConcurrentHashMap<>();
    private volatile long generation;

    Technologies(List<String> preference) {
        this.preference = List.copyOf(preference);
    }

    long generation() {
        return generation;
    }

    synchronized void add(Technology t) {
        running.add(t);
        sort();
        generation++;
    }

    synchronized boolean remove(Technology t) {
        boolean removed = running.remove(t);
        if (removed) {
            learned.values().removeIf(r -> r.technology == t);
            generation++;
        }
        return removed;
    }

    boolean contains(Technology t) {
        return running.contains(t);
    }

    List<Technology> all() {
        return List.copyOf(running);
    }

    private void sort() {
        List<Technology> sorted = new ArrayList<>(running);
        sorted.sort((a, b) -> Integer.compare(rank(a.name()), rank(b.name())));
        running.clear();
        running.addAll(sorted);
    }

    private int rank(String name) {
        int i = preference.indexOf(name);
        return i < 0 ? preference.size() : i;
    }

    /** The UTIDs of every running technology, in preference order. */
    List<Utid> localUtids() {
        List<Utid> out = new ArrayList<>();
        for (Technology t : running) {
            try {
                out.add(t.localUtid());
            } catch (IllegalStateException e) {
                // not started (or closed meanwhile): it has no address to offer
            }
        }
        return out;
    }

    /**
     * The route to a node with these UTIDs.
     *
     * @param nodeId the node's id if known (0 if not): a route learned for it wins
     * @throws ConnectException if no running technology reaches any of them
     */
    Route choose(long nodeId, List<Utid> utids) throws ConnectException {
        long gen = generation;
        if (nodeId != 0) {
            Route r = learned.get(nodeId);
            if (r != null && r.generation == gen) {
                return r;
            }
        }
        for (Technology t : running) {
            for (Utid u : utids) {
                if (u.technology().equals(t.name()) && t.canReach(u)) {
                    return new Route(t, u, gen);
                }
            }
        }
        throw new ConnectException("no common technology: this node runs " + names() + ", the remote object offers " + utids);
    }

    /** Remembers that node {@code nodeId} answered at {@code route}. */
    void learn(long nodeId, Route route) {
        if (nodeId != 0 && route.generation == generation) {
            learned.putIfAbsent(nodeId, route);
        }
    }

    /** Forgets a learned route (its connection failed). */
    void forget(long nodeId, Route route) {
        learned.remove(nodeId, route);
    }

    List<String> names() {
        List<String> n = new ArrayList<>();
        for (Technology t : running) {
            n.add(t.name());
        }
        return n;
    }
}
