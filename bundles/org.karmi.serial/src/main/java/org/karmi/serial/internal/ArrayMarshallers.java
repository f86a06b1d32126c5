package org.karmi.serial.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.lang.reflect.Array;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.transport.WireBuffer;

/**
 * Built-in marshallers of arrays. Primitive arrays: a varint length, then the elements in bulk,
 * fixed width, little-endian ({@code byte[]} by {@code arraycopy}, boolean by a loop, the others
 * by one bulk copy through the stream's cached {@link BulkViews}): n, n, 2n, 2n, 4n,
 * 8n, 4n, 8n bytes for boolean, byte, char, short, int, long, float, double. Object arrays: a
 * varint length, then each element as an object. A primitive array's length is checked against
 * the bytes left (its elements are read right after it is made); an object array's also counts
 * against the message's element budget ({@link UkaInput#readLength(int)}), as its elements,
 * read later, may be arrays claiming the same bytes again.
 *
 * <p>Threading: stateless singletons (the object-array marshaller holds only its component type).
 */
final class ArrayMarshallers {

    private ArrayMarshallers() {
    }

    private static int start(MarshalOutput out, int n, int width) {
        out.writeVarInt(n);
        WireBuffer b = out.buffer();
        if ((long) n * width > WireBuffer.MAX_CAPACITY) {
            throw new IllegalStateException("array too large: " + n + " elements");
        }
        b.ensure(n * width);
        return b.position;
    }

    /** The length of a primitive array, whose {@code width}-byte elements follow as one block. */
    private static int length(MarshalInput in, Class<?> arrayType, int width) throws IOException {
        UkaInput u = (UkaInput) in;
        int n = u.readBlockLength(width);
        u.checkArray(arrayType, n);
        return n;
    }

    static final Marshaller<boolean[]> BOOLEANS = new Marshaller<>() {
        @Override public void write(MarshalOutput out, boolean[] v) {
            int p = start(out, v.length, 1);
            byte[] a = out.buffer().array;
            for (int i = 0; i < v.length; i++) {
                a[p + i] = (byte) (v[i] ? 1 : 0);
            }
            out.buffer().position = p + v.length;
        }
        @Override public boolean[] read(MarshalInput in) throws IOException {
            int n = length(in, boolean[].class, 1);
            WireBuffer b = in.buffer();
            byte[] a = b.array;
            int p = b.position;
            boolean[] v = new boolean[n];
            for (int i = 0; i < n; i++) {
                v[i] = a[p + i] != 0;
            }
            b.position = p + n;
            return v;
        }
    };

    static final Marshaller<byte[]> BYTES = new Marshaller<>() {
        @Override public void write(MarshalOutput out, byte[] v) {
            int p = start(out, v.length, 1);
            System.arraycopy(v, 0, out.buffer().array, p, v.length);
            out.buffer().position = p + v.length;
        }
        @Override public byte[] read(MarshalInput in) throws IOException {
            int n = length(in, byte[].class, 1);
            WireBuffer b = in.buffer();
            byte[] v = new byte[n];
            System.arraycopy(b.array, b.position, v, 0, n);
            b.position += n;
            return v;
        }
    };

    static final Marshaller<char[]> CHARS = new Marshaller<>() {
        @Override public void write(MarshalOutput out, char[] v) {
            int p = start(out, v.length, 2);
            if (out instanceof UkaOutput) {
                ((UkaOutput) out).views().chars(out.buffer().array, p).put(p >>> 1, v, 0, v.length);
            } else {
                byte[] a = out.buffer().array;
                for (int i = 0; i < v.length; i++) {
                    WireBuffer.putShort(a, p + 2 * i, (short) v[i]);
                }
            }
            out.buffer().position = p + 2 * v.length;
        }
        @Override public char[] read(MarshalInput in) throws IOException {
            int n = length(in, char[].class, 2);
            WireBuffer b = in.buffer();
            byte[] a = b.array;
            int p = b.position;
            char[] v = new char[n];
            ((UkaInput) in).views().chars(a, p).get(p >>> 1, v, 0, n);
            b.position = p + 2 * n;
            return v;
        }
    };

    static final Marshaller<short[]> SHORTS = new Marshaller<>() {
        @Override public void write(MarshalOutput out, short[] v) {
            int p = start(out, v.length, 2);
            if (out instanceof UkaOutput) {
                ((UkaOutput) out).views().shorts(out.buffer().array, p).put(p >>> 1, v, 0, v.length);
            } else {
                byte[] a = out.buffer().array;
                for (int i = 0; i < v.length; i++) {
                    WireBuffer.putShort(a, p + 2 * i, v[i]);
                }
            }
            out.buffer().position = p + 2 * v.length;
        }
        @Override public short[] read(MarshalInput in) throws IOException {
            int n = length(in, short[].class, 2);
            WireBuffer b = in.buffer();
            byte[] a = b.array;
            int p = b.position;
            short[] v = new short[n];
            ((UkaInput) in).views().shorts(a, p).get(p >>> 1, v, 0, n);
            b.position = p + 2 * n;
            return v;
        }
    };

    static final Marshaller<int[]> INTS = new Marshaller<>() {
        @Override public void write(MarshalOutput out, int[] v) {
            int p = start(out, v.length, 4);
            if (out instanceof UkaOutput) {
                ((UkaOutput) out).views().ints(out.buffer().array, p).put(p >>> 2, v, 0, v.length);
            } else {
                byte[] a = out.buffer().array;
                for (int i = 0; i < v.length; i++) {
                    WireBuffer.putInt(a, p + 4 * i, v[i]);
                }
            }
            out.buffer().position = p + 4 * v.length;
        }
        @Override public int[] read(MarshalInput in) throws IOException {
            int n = length(in, int[].class, 4);
            WireBuffer b = in.buffer();
            byte[] a = b.array;
            int p = b.position;
            int[] v = new int[n];
            ((UkaInput) in).views().ints(a, p).get(p >>> 2, v, 0, n);
            b.position = p + 4 * n;
            return v;
        }
    };

    static final Marshaller<long[]> LONGS = new Marshaller<>() {
        @Override public void write(MarshalOutput out, long[] v) {
            int p = start(out, v.length, 8);
            if (out instanceof UkaOutput) {
                ((UkaOutput) out).views().longs(out.buffer().array, p).put(p >>> 3, v, 0, v.length);
            } else {
                byte[] a = out.buffer().array;
                for (int i = 0; i < v.length; i++) {
                    WireBuffer.putLong(a, p + 8 * i, v[i]);
                }
            }
            out.buffer().position = p + 8 * v.length;
        }
        @Override public long[] read(MarshalInput in) throws IOException {
            int n = length(in, long[].class, 8);
            WireBuffer b = in.buffer();
            byte[] a = b.array;
            int p = b.position;
            long[] v = new long[n];
            ((UkaInput) in).views().longs(a, p).get(p >>> 3, v, 0, n);
            b.position = p + 8 * n;
            return v;
        }
    };

    static final Marshaller<float[]> FLOATS = new Marshaller<>() {
        @Override public void write(MarshalOutput out, float[] v) {
            int p = start(out, v.length, 4);
            if (out instanceof UkaOutput) {
                ((UkaOutput) out).views().floats(out.buffer().array, p).put(p >>> 2, v, 0, v.length);
            } else {
                byte[] a = out.buffer().array;
                for (int i = 0; i < v.length; i++) {
                    WireBuffer.putFloat(a, p + 4 * i, v[i]);
                }
            }
            out.buffer().position = p + 4 * v.length;
        }
        @Override public float[] read(MarshalInput in) throws IOException {
            int n = length(in, float[].class, 4);
            WireBuffer b = in.buffer();
            byte[] a = b.array;
            int p = b.position;
            float[] v = new float[n];
            ((UkaInput) in).views().floats(a, p).get(p >>> 2, v, 0, n);
            b.position = p + 4 * n;
            return v;
        }
    };

    static final Marshaller<double[]> DOUBLES = new Marshaller<>() {
        @Override public void write(MarshalOutput out, double[] v) {
            int p = start(out, v.length, 8);
            if (out instanceof UkaOutput) {
                ((UkaOutput) out).views().doubles(out.buffer().array, p).put(p >>> 3, v, 0, v.length);
            } else {
                byte[] a = out.buffer().array;
                for (int i = 0; i < v.length; i++) {
                    WireBuffer.putDouble(a, p + 8 * i, v[i]);
                }
            }
            out.buffer().position = p + 8 * v.length;
        }
        @Override public double[] read(MarshalInput in) throws IOException {
            int n = length(in, double[].class, 8);
            WireBuffer b = in.buffer();
            byte[] a = b.array;
            int p = b.position;
            double[] v = new double[n];
            ((UkaInput) in).views().doubles(a, p).get(p >>> 3, v, 0, n);
            b.position = p + 8 * n;
            return v;
        }
    };

    /** An array of references: varint length, then each element as an object (at least 1 byte each). */
    static final class Objects implements Marshaller<Object[]> {
        private final Class<?> component;
        private final Class<?> arrayType;

        Objects(Class<?> component) {
            this.component = component;
            this.arrayType = component.arrayType();
        }

        @Override
        public void write(MarshalOutput out, Object[] v) throws IOException {
            out.writeVarInt(v.length);
            for (Object e : v) {
                out.writeObject(e);
            }
        }

        @Override
        public Object[] read(MarshalInput in) throws IOException, ClassNotFoundException {
            UkaInput u = (UkaInput) in;
            int n = u.readLength(1);
            u.checkArray(arrayType, n);
            Object[] v = (Object[]) Array.newInstance(component, n);
            in.reference(v);
            for (int i = 0; i < n; i++) {
                Object e = in.readObject();
                if (e != null && !component.isInstance(e)) {
                    throw new StreamCorruptedException("element " + i + " of " + arrayType.getTypeName()
                            + " is " + ValueMarshallers.describe(e));
                }
                v[i] = e;
            }
            return v;
        }
    }
}
