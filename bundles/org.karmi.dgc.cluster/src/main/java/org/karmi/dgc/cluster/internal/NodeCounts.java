package org.karmi.dgc.cluster.internal;

import java.util.Arrays;

/**
 * References of one object sent to each other node and not yet given back: a small map from
 * node id to a positive count, kept in two parallel arrays (a ParaStation domain is one host,
 * so an object rarely goes to more than a handful of nodes, and a linear scan beats hashing).
 * No allocation once its arrays have grown. Not thread-safe.
 */
final class NodeCounts {

    private static final int INITIAL_CAPACITY = 2;

    private long[] nodes = new long[INITIAL_CAPACITY];
    private long[] counts = new long[INITIAL_CAPACITY];
    private int size;

    /** Adds {@code n} (positive) to {@code node}'s count. */
    void add(long node, long n) {
        int i = indexOf(node);
        if (i >= 0) {
            counts[i] += n;
            return;
        }
        if (size == nodes.length) {
            nodes = Arrays.copyOf(nodes, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        nodes[size] = node;
        counts[size] = n;
        size++;
    }

    /**
     * Subtracts up to {@code n} from {@code node}'s count, never below zero.
     *
     * @return how much was subtracted (less than {@code n} if the node was owed less)
     */
    long subtract(long node, long n) {
        int i = indexOf(node);
        if (i < 0) {
            return 0;
        }
        long taken = Math.min(n, counts[i]);
        counts[i] -= taken;
        if (counts[i] == 0) {
            size--;
            nodes[i] = nodes[size];
            counts[i] = counts[size];
        }
        return taken;
    }

    /** The count of {@code node} (0 if none). */
    long get(long node) {
        int i = indexOf(node);
        return i < 0 ? 0 : counts[i];
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Number of nodes with a count (for iterating with {@link #nodeAt} and {@link #countAt}). */
    int size() {
        return size;
    }

    long nodeAt(int i) {
        return nodes[i];
    }

    long countAt(int i) {
        return counts[i];
    }

    private int indexOf(long node) {
        for (int i = 0; i < size; i++) {
            if (nodes[i] == node) {
                return i;
            }
        }
        return -1;
    }
}
