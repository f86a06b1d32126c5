package org.karmi.serial.jdk.internal;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectStreamClass;
import java.util.Map;

import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.transport.WireBuffer;

/**
 * A {@link SerialInput} that reads each message with a fresh {@link ObjectInputStream},
 * resolving classes only through the loader given to {@link #begin} and honouring the given
 * {@link ObjectInputFilter} (or the JVM-wide one). Not thread-safe.
 */
public final class JdkSerialInput implements SerialInput {

    private static final Map<String, Class<?>> PRIMITIVES = Map.of(
            "boolean", boolean.class, "byte", byte.class, "char", char.class, "short", short.class,
            "int", int.class, "long", long.class, "float", float.class, "double", double.class, "void", void.class);

    private final RemoteObjectCodec remotes;
    private ResolvingStream in;

    public JdkSerialInput(RemoteObjectCodec remotes) {
        this.remotes = remotes;
    }

    @Override
    public void begin(WireBuffer buffer, ClassLoader loader, ObjectInputFilter filter) throws IOException {
        ResolvingStream s = new ResolvingStream(new WireBufferStreams.In(buffer), loader, remotes);
        if (filter != null) {
            s.setObjectInputFilter(filter);
        }
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

    @Override public Object readObject() throws ClassNotFoundException, IOException { return stream().readObject(); }
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

    /** Resolves classes through one loader and remote references through the codec. */
    private static final class ResolvingStream extends ObjectInputStream {
        private final ClassLoader loader;
        private final RemoteObjectCodec remotes;

        ResolvingStream(InputStream in, ClassLoader loader, RemoteObjectCodec remotes) throws IOException {
            super(in);
            this.loader = loader;
            this.remotes = remotes;
            enableResolveObject(true);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            String name = desc.getName();
            if (name.equals(RemoteReferenceBytes.class.getName())) {
                return RemoteReferenceBytes.class;
            }
            try {
                return Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                Class<?> primitive = PRIMITIVES.get(name);
                if (primitive != null) {
                    return primitive;
                }
                throw new ClassNotFoundException("class " + name + " not found through " + describe(loader), e);
            }
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
                    return remotes.readRemote(refIn);
                }
            }
            return obj;
        }
    }
}
