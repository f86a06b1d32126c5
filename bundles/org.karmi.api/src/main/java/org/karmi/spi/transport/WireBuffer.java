package org.karmi.spi.transport;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A growable byte buffer that one message is written into and read from, shared by the
 * technology (which frames and moves it), the reference layer and the serializer.
 *
 * <p>The buffer is deliberately public (UKA-serialization, section 3.4b): {@link #array},
 * {@link #position} and {@link #limit} are fields so that generated marshallers write
 * straight into it instead of going through a chain of stream calls. All multi-byte values
 * are <b>little-endian</b>, as on the machines this runs on, and are accessed through
 * {@link VarHandle} views (one bounds check, no per-byte shifts, no {@code Unsafe}).
 *
 * <pre>
 *   0 .......... payloadStart ............ position ............ limit ...... array.length
 *   | header     | payload bytes written/read  | (reading: bytes   |  spare
 *   | (owned by  |                             |  still unread)    |
 *   |  the tech.)|                             |                   |
 * </pre>
 *
 * <p>Writing: the owner (a technology) hands the buffer out with {@code position} at the
 * first payload byte; writers append at {@code position} and call {@link #ensure(int)}
 * before writing past the end. Reading: bytes {@code [position, limit)} are the unread rest
 * of the message; readers call {@link #require(int)} before reading so that a truncated
 * message fails with a clear exception instead of an {@code ArrayIndexOutOfBoundsException}.
 *
 * <p>Not thread-safe: a buffer belongs to one call at a time.
 */
public final class WireBuffer {

    private static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle FLOAT = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

    /** Largest array this buffer grows to; a message larger than that is refused. */
    public static final int MAX_CAPACITY = Integer.MAX_VALUE - 16;

    /** The bytes. Replaced (not resized in place) when the buffer grows: re-read after {@link #ensure}. */
    public byte[] array;
    /** Next byte to write (writing) or to read (reading). */
    public int position;
    /** Reading: one past the last byte of the message. Writing: unused (equal to the capacity). */
    public int limit;

    /** Creates a buffer with the given initial capacity, position 0, limit = capacity. */
    public WireBuffer(int initialCapacity) {
        this.array = new byte[initialCapacity];
        this.limit = initialCapacity;
    }

    /** Clears the buffer for writing a message whose payload starts at {@code payloadStart}. */
    public void clearForWrite(int payloadStart) {
        position = payloadStart;
        limit = array.length;
    }

    /** Prepares the buffer for reading bytes {@code [start, end)}. */
    public void flipForRead(int start, int end) {
        position = start;
        limit = end;
    }

    /** Number of unread bytes ({@code limit - position}). */
    public int remaining() {
        return limit - position;
    }

    /**
     * Makes room for {@code n} more bytes at {@link #position}, growing the array (at least
     * doubling) if needed. Writers call it before every write they cannot prove fits.
     *
     * @throws IllegalStateException if the message would exceed {@link #MAX_CAPACITY}
     */
    public void ensure(int n) {
        if (n > array.length - position) {
            grow(n);
        }
    }

    private void grow(int n) {
        long needed = (long) position + n;
        if (needed > MAX_CAPACITY || n < 0) {
            throw new IllegalStateException("message too large: " + needed + " bytes");
        }
        long newCapacity = Math.max(needed, Math.min((long) array.length * 2, MAX_CAPACITY));
        array = Arrays.copyOf(array, (int) newCapacity);
        limit = array.length;
    }

    /**
     * Checks that {@code n} more bytes can be read. Readers call it before every read whose
     * length comes from the message itself, before allocating anything of that length.
     *
     * @throws TruncatedMessageException if fewer than {@code n} bytes remain
     */
    public void require(int n) throws TruncatedMessageException {
        if (n < 0 || n > limit - position) {
            throw new TruncatedMessageException(n, limit - position, position);
        }
    }

    // ----- absolute accessors: no bounds beyond the array's, no position change -----

    public static short getShort(byte[] a, int index) { return (short) SHORT.get(a, index); }
    public static void putShort(byte[] a, int index, short v) { SHORT.set(a, index, v); }
    public static int getInt(byte[] a, int index) { return (int) INT.get(a, index); }
    public static void putInt(byte[] a, int index, int v) { INT.set(a, index, v); }
    public static long getLong(byte[] a, int index) { return (long) LONG.get(a, index); }
    public static void putLong(byte[] a, int index, long v) { LONG.set(a, index, v); }
    public static float getFloat(byte[] a, int index) { return (float) FLOAT.get(a, index); }
    public static void putFloat(byte[] a, int index, float v) { FLOAT.set(a, index, v); }
    public static double getDouble(byte[] a, int index) { return (double) DOUBLE.get(a, index); }
    public static void putDouble(byte[] a, int index, double v) { DOUBLE.set(a, index, v); }

    // ----- relative writers: grow as needed, advance position -----

    public void writeByte(int v) { ensure(1); array[position++] = (byte) v; }
    public void writeShort(int v) { ensure(2); SHORT.set(array, position, (short) v); position += 2; }
    public void writeInt(int v) { ensure(4); INT.set(array, position, v); position += 4; }
    public void writeLong(long v) { ensure(8); LONG.set(array, position, v); position += 8; }
    public void writeFloat(float v) { ensure(4); FLOAT.set(array, position, v); position += 4; }
    public void writeDouble(double v) { ensure(8); DOUBLE.set(array, position, v); position += 8; }

    /** Writes {@code len} bytes of {@code src} from {@code off}. */
    public void writeBytes(byte[] src, int off, int len) {
        ensure(len);
        System.arraycopy(src, off, array, position, len);
        position += len;
    }

    // ----- relative readers: check the bytes are present, advance position -----

    public byte readByte() throws TruncatedMessageException { require(1); return array[position++]; }
    public short readShort() throws TruncatedMessageException { require(2); short v = (short) SHORT.get(array, position); position += 2; return v; }
    public int readInt() throws TruncatedMessageException { require(4); int v = (int) INT.get(array, position); position += 4; return v; }
    public long readLong() throws TruncatedMessageException { require(8); long v = (long) LONG.get(array, position); position += 8; return v; }
    public float readFloat() throws TruncatedMessageException { require(4); float v = (float) FLOAT.get(array, position); position += 4; return v; }
    public double readDouble() throws TruncatedMessageException { require(8); double v = (double) DOUBLE.get(array, position); position += 8; return v; }

    /** Reads {@code len} bytes into {@code dst} at {@code off}. */
    public void readBytes(byte[] dst, int off, int len) throws TruncatedMessageException {
        require(len);
        System.arraycopy(array, position, dst, off, len);
        position += len;
    }

    @Override
    public String toString() {
        return "WireBuffer[position=" + position + ", limit=" + limit + ", capacity=" + array.length + "]";
    }
}
