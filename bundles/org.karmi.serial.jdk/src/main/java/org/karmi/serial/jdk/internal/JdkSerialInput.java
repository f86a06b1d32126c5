package org.karmi.serial.jdk.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.io.StreamCorruptedException;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.function.Predicate;

import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.transport.WireBuffer;

/**
 * A {@link SerialInput} that reads each message with a fresh {@link ObjectInputStream},
 * resolving classes only through the loader given to {@link #begin}. Which classes may be
 * instantiated, and how big a message's graph and arrays may be, is decided by a
 * {@link StreamFilter}: the given {@link ObjectInputFilter}, this serializer's allow-list and the
 * harmless JDK values, with the JVM-wide filter's refusals winning; anything else is refused
 * before it is instantiated. The filter is installed through the JVM-wide filter factory
 * ({@code jdk.serialFilterFactory}), so a factory can add to it; if a factory puts another filter
 * in its place, classes are still checked against it when they are resolved, so a factory can
 * narrow what a call accepts, never widen it. A refused class gives an
 * {@link InvalidClassException} naming it and what to do; any other malformed stream gives an
 * {@link IOException}. Not thread-safe.
 */
public final class JdkSerialInput implements SerialInput {

    private static final Map<String, Class<?>> PRIMITIVES = Map.of(
            "boolean", boolean.class, "byte", byte.class, "char", char.class, "short", short.class,
            "int", int.class, "long", long.class, "float", float.class, "double", double.class, "void", void.class);

    /** The filter of the stream inside a remote reference: primitives only, no class at all. */
    private static final ObjectInputFilter NO_CLASSES = info -> info.serialClass() == null
            ? ObjectInputFilter.Status.UNDECIDED : ObjectInputFilter.Status.REJECTED;

    private final RemoteObjectCodec remotes;
    private final StreamFilter filter;
    private ResolvingStream in;

    /** An input whose allow-list is empty: only the message's filter and harmless JDK values pass. */
    public JdkSerialInput(RemoteObjectCodec remotes) {
        this(remotes, AllowPatterns.NONE);
    }

    /** An input that also allows the classes {@code allowList} accepts (element types, never arrays). */
    public JdkSerialInput(RemoteObjectCodec remotes, Predicate<Class<?>> allowList) {
        this(remotes, new StreamFilter(allowList));
    }

    JdkSerialInput(RemoteObjectCodec remotes, StreamFilter filter) {
        this.remotes = remotes;
        this.filter = filter;
    }

    @Override
    public void begin(WireBuffer buffer, ClassLoader loader, ObjectInputFilter messageFilter) throws IOException {
        in = null;
        filter.begin(messageFilter, buffer.limit - buffer.position);
        ResolvingStream s = new ResolvingStream(new WireBufferStreams.In(buffer), loader, remotes, filter);
        // through the JVM-wide filter factory: the built-in one installs exactly this filter
        s.setObjectInputFilter(filter);
        s.checkOnResolve = s.getObjectInputFilter() != filter;
        in = s;
    }

    @Override
    public void resetObjects() {
        in = null;
    }

    @Override
    public void resetAll() {
        in = null;
    }

    private ObjectInputStream stream() throws IOException {
        if (in == null) {
            throw new IOException("SerialInput used outside begin()");
        }
        return in;
    }

    @Override
    public Object readObject() throws ClassNotFoundException, IOException {
        ObjectInputStream s = stream();
        try {
            return s.readObject();
        } catch (InvalidClassException e) {
            throw filter.explain(e);
        } catch (RuntimeException e) {
            // what the JDK's readers throw for some malformed streams (ClassCastException,
            // NegativeArraySizeException, IllegalArgumentException from a readObject method)
            StreamCorruptedException x = new StreamCorruptedException("malformed JDK object stream: " + e);
            x.initCause(e);
            throw x;
        } catch (StackOverflowError e) {
            // a nesting within the depth limit can still exceed a small thread stack
            throw new StreamCorruptedException("JDK object stream nested deeper than this thread's stack allows"
                    + " (the limit is depth " + StreamFilter.MAX_DEPTH + ")");
        }
    }

    @Override public int read() throws IOException { return stream().read(); }
    @Override public int read(byte[] b) throws IOException { return stream().read(b); }
    @Override public int read(byte[] b, int off, int len) throws IOException { return stream().read(b, off, len); }
    @Override public long skip(long n) throws IOException { return stream().skip(n); }
    @Override public int available() throws IOException { return stream().available(); }
    @Override public void readFully(byte[] b) throws IOException { stream().readFully(b); }
    @Override public void readFully(byte[] b, int off, int len) throws IOException { stream().readFully(b, off, len); }
    @Override public int skipBytes(int n) throws IOException { return stream().skipBytes(n); }
    @Override public boolean readBoolean() throws IOException { return stream().readBoolean(); }
    @Override public byte readByte() throws IOException { return stream().readByte(); }
    @Override public int readUnsignedByte() throws IOException { return stream().readUnsignedByte(); }
    @Override public short readShort() throws IOException { return stream().readShort(); }
    @Override public int readUnsignedShort() throws IOException { return stream().readUnsignedShort(); }
    @Override public char readChar() throws IOException { return stream().readChar(); }
    @Override public int readInt() throws IOException { return stream().readInt(); }
    @Override public long readLong() throws IOException { return stream().readLong(); }
    @Override public float readFloat() throws IOException { return stream().readFloat(); }
    @Override public double readDouble() throws IOException { return stream().readDouble(); }
    @Override public String readUTF() throws IOException { return stream().readUTF(); }

    @Override
    @Deprecated
    @SuppressWarnings("deprecation")
    public String readLine() throws IOException {
        return stream().readLine();
    }

    /** No-op: the buffer belongs to the technology. */
    @Override
    public void close() {
        // nothing to release
    }

    /**
     * Resolves classes through one loader and remote references through the codec; checks each
     * class against the message's filter itself when the filter factory installed another one.
     */
    private static final class ResolvingStream extends ObjectInputStream {
        private final ClassLoader loader;
        private final RemoteObjectCodec remotes;
        private final StreamFilter filter;
        boolean checkOnResolve;

        ResolvingStream(InputStream in, ClassLoader loader, RemoteObjectCodec remotes, StreamFilter filter)
                throws IOException {
            super(in);
            this.loader = loader;
            this.remotes = remotes;
            this.filter = filter;
            enableResolveObject(true);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            Class<?> c = load(desc.getName());
            if (checkOnResolve) {
                filter.checkClass(c);
            }
            return c;
        }

        private Class<?> load(String name) throws ClassNotFoundException {
            if (name.equals(RemoteReferenceBytes.class.getName())) {
                return RemoteReferenceBytes.class;
            }
            try {
                return Class.forName(name, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                Class<?> primitive = PRIMITIVES.get(name);
                if (primitive != null) {
                    return primitive;
                }
                throw new ClassNotFoundException("class " + name + " not found through " + describe(loader), e);
            }
        }

        /** Through the same loader as every other class (the JDK's default would use the caller's). */
        @Override
        @SuppressWarnings("deprecation")
        protected Class<?> resolveProxyClass(String[] interfaces) throws IOException, ClassNotFoundException {
            Class<?>[] types = new Class<?>[interfaces.length];
            for (int i = 0; i < interfaces.length; i++) {
                types[i] = load(interfaces[i]);
            }
            Class<?> c;
            try {
                c = Proxy.getProxyClass(loader, types);
            } catch (IllegalArgumentException e) {
                StreamCorruptedException x = new StreamCorruptedException("cannot define proxy class: " + e.getMessage());
                x.initCause(e);
                throw x;
            }
            if (checkOnResolve) {
                filter.checkClass(c);
            }
            return c;
        }

        private static String describe(ClassLoader loader) {
            if (loader == null) {
                return "the bootstrap class loader";
            }
            String name = loader.getName();
            return name == null ? loader.toString() : "class loader '" + name + "' (" + loader + ")";
        }

        @Override
        protected Object resolveObject(Object obj) throws IOException {
            if (obj instanceof RemoteReferenceBytes) {
                try (ObjectInputStream refIn = new ObjectInputStream(
                        new ByteArrayInputStream(((RemoteReferenceBytes) obj).bytes))) {
                    refIn.setObjectInputFilter(NO_CLASSES);
                    Object remote = remotes.readRemote(refIn);
                    // the stream checks the replacement's class next: a stub or local object
                    // the reference layer made, which is no class read from the stream
                    filter.trustNext(remote);
                    return remote;
                }
            }
            return obj;
        }
    }
}
