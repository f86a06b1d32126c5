package org.karmi.tech.parastation.internal.ring;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Little-endian words of a (shared, memory-mapped) {@link ByteBuffer} with explicit memory
 * order: plain, acquire/release and atomic. The one place the technology's shared-memory
 * layouts (rings, node and channel files, wake-up words) are read and written. Stateless;
 * thread-safe.
 */
public final class ByteBufferAccess {

    /** {@code int} view of a buffer, little-endian (for the access modes not wrapped below). */
    public static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /** {@code long} view of a buffer, little-endian. */
    public static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private ByteBufferAccess() {
    }

    public static int getInt(ByteBuffer b, int index) {
        return (int) INT.get(b, index);
    }

    public static void putInt(ByteBuffer b, int index, int value) {
        INT.set(b, index, value);
    }

    public static int getIntAcquire(ByteBuffer b, int index) {
        return (int) INT.getAcquire(b, index);
    }

    public static void putIntRelease(ByteBuffer b, int index, int value) {
        INT.setRelease(b, index, value);
    }

    public static int getAndAddInt(ByteBuffer b, int index, int delta) {
        return (int) INT.getAndAdd(b, index, delta);
    }

    public static long getLong(ByteBuffer b, int index) {
        return (long) LONG.get(b, index);
    }

    public static void putLong(ByteBuffer b, int index, long value) {
        LONG.set(b, index, value);
    }

    public static long getLongAcquire(ByteBuffer b, int index) {
        return (long) LONG.getAcquire(b, index);
    }

    public static void putLongRelease(ByteBuffer b, int index, long value) {
        LONG.setRelease(b, index, value);
    }
}
