package org.karmi.serial.internal;

import java.util.Arrays;

/**
 * Object to handle, by identity: open addressing with linear probing over
 * {@link System#identityHashCode}, at most half full. {@link #clear()} nulls only the used
 * part of the key array; the capacity is kept, so a warm stream does not allocate.
 *
 * <p>Threading: not thread-safe; owned by one output stream.
 */
final class IdentityHandleMap {

    private Object[] keys;
    private int[] values;
    private int size;
    private int mask;

    IdentityHandleMap(int capacityPowerOfTwo) {
        keys = new Object[capacityPowerOfTwo];
        values = new int[capacityPowerOfTwo];
        mask = capacityPowerOfTwo - 1;
    }

    int size() {
        return size;
    }

    /**
     * Returns the handle of {@code key} if present; otherwise adds it with handle
     * {@code size()} (the next handle) and returns -1.
     */
    int putIfAbsent(Object key) {
        Object[] k = keys;
        int i = hash(key) & mask;
        for (Object cur; (cur = k[i]) != null; i = (i + 1) & mask) {
            if (cur == key) {
                return values[i];
            }
        }
        k[i] = key;
        values[i] = size++;
        if (size > (mask >> 1)) {
            grow();
        }
        return -1;
    }

    void clear() {
        if (size > 0) {
            Arrays.fill(keys, null);
            size = 0;
        }
    }

    private static int hash(Object key) {
        int h = System.identityHashCode(key);
        return h ^ (h >>> 16);
    }

    private void grow() {
        Object[] oldKeys = keys;
        int[] oldValues = values;
        int capacity = oldKeys.length * 2;
        keys = new Object[capacity];
        values = new int[capacity];
        mask = capacity - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            Object key = oldKeys[j];
            if (key != null) {
                int i = hash(key) & mask;
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = key;
                values[i] = oldValues[j];
            }
        }
    }
}
