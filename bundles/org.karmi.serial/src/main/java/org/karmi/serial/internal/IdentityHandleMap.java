package org.karmi.serial.internal;

/**
 * Object to handle, by identity, for the objects of one message: open addressing with linear
 * probing over {@link System#identityHashCode}, at most half full.
 *
 * <p>The first key of a message (most messages hold one object) is kept in a field, not hashed:
 * {@code identityHashCode} of an object never hashed before, as the arguments of a call usually
 * are, is a call into the VM that installs the hash in the object header. It enters the table,
 * with handle 0, when a second key arrives. {@link #clear()} nulls only the slots used, the
 * capacity is kept, so a warm stream does not allocate. {@link #putIfAbsent} is kept small so
 * that C2 inlines it into the stream's write path.
 *
 * <p>Threading: not thread-safe; owned by one output stream.
 */
final class IdentityHandleMap {

    /** The message's first key while it is the only one and not in the table, else null. */
    private Object first;

    private Object[] keys;
    private int[] values;
    /** {@code slots[h]}: the key index of handle {@code h} (for keys in the table). */
    private int[] slots;
    private int size;
    private int mask;

    IdentityHandleMap(int capacityPowerOfTwo) {
        if (capacityPowerOfTwo < 4 || Integer.bitCount(capacityPowerOfTwo) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two of at least 4");
        }
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
        if (size == 0) {
            first = key;
            size = 1;
            return -1;
        }
        return putHashed(key);
    }

    void clear() {
        int n = size;
        if (first != null) {
            first = null;
        } else {
            Object[] k = keys;
            int[] s = slots;
            for (int h = 0; h < n; h++) {
                k[s[h]] = null;
            }
        }
        size = 0;
    }

    private int putHashed(Object key) {
        Object f = first;
        if (f != null) {
            if (f == key) {
                return 0;
            }
            first = null;
            size = 0;
            insertNew(f);
        }
        Object[] k = keys;
        int i = hash(key) & mask;
        for (Object cur; (cur = k[i]) != null; i = (i + 1) & mask) {
            if (cur == key) {
                return values[i];
            }
        }
        insertAt(i, key);
        return -1;
    }

    /** Inserts a key known to be absent. */
    private void insertNew(Object key) {
        insertAt(emptySlot(keys, mask, key), key);
    }

    /** The slot where probing for {@code key}, known to be absent from {@code k}, ends. */
    private static int emptySlot(Object[] k, int mask, Object key) {
        int i = hash(key) & mask;
        while (k[i] != null) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void insertAt(int i, Object key) {
        keys[i] = key;
        slots[size] = i;
        values[i] = size++;
        if (size > (mask >> 1)) {
            grow();
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
        slots = new int[capacity >> 1];
        for (int j = 0; j < oldKeys.length; j++) {
            Object key = oldKeys[j];
            if (key != null) {
                int i = emptySlot(keys, mask, key);
                keys[i] = key;
                values[i] = oldValues[j];
                slots[oldValues[j]] = i;
            }
        }
    }
}
