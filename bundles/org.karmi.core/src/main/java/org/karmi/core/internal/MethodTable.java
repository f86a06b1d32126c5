package org.karmi.core.internal;

import java.util.Arrays;

import org.karmi.spi.ref.Skeleton;

/**
 * Maps the method hashes a call carries to (skeleton, method number) for one exported class:
 * an open-addressing table of primitive longs, built once, read without locks or allocation.
 * Immutable after construction; thread-safe.
 */
final class MethodTable {

    private final long[] keys;
    private final Skeleton[] skeletons;
    private final int[] numbers;
    private final boolean[] used;
    private final int mask;

    /** Builds the table over every method of every skeleton; the first skeleton wins a shared hash. */
    MethodTable(Skeleton... all) {
        int n = 0;
        for (Skeleton s : all) {
            n += s.methodHashes().length;
        }
        int capacity = Integer.highestOneBit(Math.max(4, n * 2) - 1) << 1;
        keys = new long[capacity];
        skeletons = new Skeleton[capacity];
        numbers = new int[capacity];
        used = new boolean[capacity];
        mask = capacity - 1;
        for (Skeleton s : all) {
            long[] hashes = s.methodHashes();
            for (int i = 0; i < hashes.length; i++) {
                put(hashes[i], s, i);
            }
        }
    }

    private void put(long key, Skeleton s, int number) {
        int i = index(key);
        while (used[i]) {
            if (keys[i] == key) {
                return;
            }
            i = (i + 1) & mask;
        }
        used[i] = true;
        keys[i] = key;
        skeletons[i] = s;
        numbers[i] = number;
    }

    private int index(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** Slot of {@code hash}, or -1 if the class has no such method. */
    int slot(long hash) {
        int i = index(hash);
        while (used[i]) {
            if (keys[i] == hash) {
                return i;
            }
            i = (i + 1) & mask;
        }
        return -1;
    }

    Skeleton skeleton(int slot) {
        return skeletons[slot];
    }

    int number(int slot) {
        return numbers[slot];
    }

    @Override
    public String toString() {
        return "MethodTable" + Arrays.toString(skeletons);
    }
}
