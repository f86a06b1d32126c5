package org.karmi.serial.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.OutputStream;
import java.io.StreamCorruptedException;
import java.lang.reflect.Proxy;
import java.util.Map;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.transport.WireBuffer;

/**
 * JDK serialization for one object inside a UKA stream (classes with {@code writeObject},
 * {@code readObject}, {@code readObjectNoData}, {@code writeReplace}, {@code readResolve},
 * {@code serialPersistentFields} or {@link java.io.Externalizable}): an i32 length, then a
 * complete JDK object stream (its own header, 4 bytes) written by a fresh
 * {@link ObjectOutputStream} straight into the buffer. Reading uses an {@link ObjectInputStream}
 * over exactly that sub-range, which resolves classes through the stream's loader only and
 * checks every class against the same filter as the UKA stream, and every array it allocates
 * against the UKA message's element budget. Identity is kept inside the nested stream, not
 * across its boundary.
 *
 * <p>Threading: stateless singleton.
 */
final class JdkFallback implements Marshaller<Object> {

    static final JdkFallback INSTANCE = new JdkFallback();

    private static final Map<String, Class<?>> PRIMITIVES = Map.of(
            "boolean", boolean.class, "byte", byte.class, "char", char.class, "short", short.class,
            "int", int.class, "long", long.class, "float", float.class, "double", double.class, "void", void.class);

    private JdkFallback() {
    }

    @Override
    public void write(MarshalOutput out, Object o) throws IOException {
        WireBuffer b = out.buffer();
        b.ensure(4);
        int lengthAt = b.position;
        b.position += 4;
        ObjectOutputStream oos = new ObjectOutputStream(new BufferSink(b));
        oos.writeObject(o);
        oos.flush();
        WireBuffer.putInt(b.array, lengthAt, b.position - lengthAt - 4);
    }

    @Override
    public Object read(MarshalInput in) throws IOException, ClassNotFoundException {
        WireBuffer b = in.buffer();
        int n = b.readInt();
        b.require(n);
        UkaInput uka = (UkaInput) in;
        uka.takeNestedRefusal(); // one an object's readObject swallowed is not this object's
        int start = b.position;
        Nested ois = new Nested(new ByteArrayInputStream(b.array, start, n), uka);
        Object o;
        try {
            o = ois.readObject();
        } catch (InvalidClassException e) {
            StreamCorruptedException limit = uka.takeNestedRefusal(); // the stream says only "filter status: REJECTED"
            if (limit == null) {
                throw e;
            }
            limit.initCause(e);
            throw limit;
        } finally {
            b.position = start + n;
        }
        return o;
    }

    /** Appends to the buffer, growing it. */
    private static final class BufferSink extends OutputStream {
        private final WireBuffer b;

        BufferSink(WireBuffer b) {
            this.b = b;
        }

        @Override
        public void write(int v) {
            b.writeByte(v);
        }

        @Override
        public void write(byte[] src, int off, int len) {
            b.writeBytes(src, off, len);
        }
    }

    /**
     * Resolves through the UKA stream's loader and filter, never the caller's or context loader.
     * The filter goes through the JVM-wide filter factory; if the factory installs another one
     * in its place, each class is checked against the UKA stream's filter when it is resolved,
     * so a factory can narrow, never widen what is read.
     */
    private static final class Nested extends ObjectInputStream {
        private final UkaInput uka;
        private final boolean checkOnResolve;

        Nested(InputStream in, UkaInput uka) throws IOException {
            super(in);
            this.uka = uka;
            ObjectInputFilter f = info -> uka.nestedFilterStatus(info);
            setObjectInputFilter(f);
            this.checkOnResolve = getObjectInputFilter() != f;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            Class<?> p = PRIMITIVES.get(desc.getName());
            return check(p != null ? p : uka.resolve(desc.getName()));
        }

        private Class<?> check(Class<?> c) throws InvalidClassException {
            if (checkOnResolve && uka.nestedFilterStatus(new ClassOnly(c)) != ObjectInputFilter.Status.ALLOWED) {
                throw new InvalidClassException(c.getName(), "not allowed: neither the filter nor the allow-list"
                        + " (UkaConfig.Builder.allow) allows it");
            }
            return c;
        }

        @Override
        @SuppressWarnings("deprecation")
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
            Class<?>[] types = new Class<?>[interfaces.length];
            for (int i = 0; i < interfaces.length; i++) {
                types[i] = uka.resolve(interfaces[i]);
            }
            try {
                return check(Proxy.getProxyClass(uka.loader(), types));
            } catch (IllegalArgumentException e) {
                StreamCorruptedException x = new StreamCorruptedException("cannot define proxy class: " + e.getMessage());
                x.initCause(e);
                throw x;
            }
        }
    }

    /** A class-only question to the UKA stream's filter. */
    private record ClassOnly(Class<?> serialClass) implements ObjectInputFilter.FilterInfo {
        @Override public long arrayLength() { return -1; }
        @Override public long depth() { return 0; }
        @Override public long references() { return 0; }
        @Override public long streamBytes() { return 0; }
    }
}
