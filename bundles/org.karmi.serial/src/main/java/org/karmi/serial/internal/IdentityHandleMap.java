package org.karmi.serial.internal;

/**
 * Object to handle, by identity: open addressing with linear probing over
 * {@link System#identityHashCode}, at most half full. {@link #clear()} nulls only the slots
 * used (remembered in {@code slots}), the capacity is kept, so a warm stream does not
 * allocate. Measured (JMH {@code SerializationBench}, JDK 17, loaded 2-core machine, min of 8):
 * a message of one {@code 4 int 2 null} used to null all 64 slots; with this and direct field
 * access in generated marshallers its write went from 39 to 19-25 ns (not measured apart).
 *
 * <p>Threading: not thread-safe; owned by one output stream.
 */
final class IdentityHandleMap {

    private Object[] keys;
    private int[] values;
    /** {@code slots[h]}: the key index of handle {@code h}. */
    private int[] slots;
    private int size;
    private int mask;

    IdentityHandleMap(int capacityPowerOfTwo) {
        keys = new Object[capacityPowerOfTwo];
        values = new int[capacityPowerOfTwo];
        slots = new int[capacityPowerOfTwo >> 1];
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
        slots[size] = i;
        values[i] = size++;
        if (size > (mask >> 1)) {
            grow();
        }
        return -1;
    }

    void clear() {
        Object[] k = keys;
        int[] s = slots;
        for (int h = 0; h < size; h++) {
            k[s[h]] = null;
        }
        size = 0;
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
        slots = new int[capacity >> 1];
        for (int j = 0; j < oldKeys.length; j++) {
            Object key = oldKeys[j];
            if (key != null) {
                int i = hash(key) & mask;
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = key;
                values[i] = oldValues[j];
                slots[oldValues[j]] = i;
            }
        }
    }
}
