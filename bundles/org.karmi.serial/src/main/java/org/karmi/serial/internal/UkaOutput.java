package org.karmi.serial.internal;

import static org.karmi.serial.internal.StreamFormat.*;

import java.io.IOException;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.IdentityHashMap;

import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.transport.WireBuffer;

/**
 * The UKA output stream: writes primitives and object graphs of one message straight into the
 * technology's {@link WireBuffer}. Keeps, per connection, the type table (class to number: a
 * class name crosses once, afterwards a 1-byte header) and, per message, the handle table
 * (object identity to handle, for shared and cyclic references). Once warm (buffer, handle
 * table and type table grown), writing allocates nothing for the built-in and generated paths.
 *
 * <p>Threading: not thread-safe; one message at a time.
 */
public final class UkaOutput implements MarshalOutput {

    private final ClassRegistry registry;
    private final RemoteObjectCodec remotes;
    private final int maxDepth;
    private final int maxTypes;

    private WireBuffer buf;
    private final IdentityHandleMap handles = new IdentityHandleMap(64);
    private final IdentityHashMap<Class<?>, WriteType> types = new IdentityHashMap<>();
    /** Types announced in the current, unfinished message: un-announced if it is abandoned. */
    private final ArrayList<WriteType> announcedNow = new ArrayList<>();
    private Class<?> lastClass;
    private WriteType lastType;
    private int nextTypeId;
    private int depth;
    /** Offset of this message's graph flag, or -1 before its first non-null object. */
    private int graphFlagAt = -1;
    /** Whether {@link #writeLastObject} wrote an object without a handle: no object may follow. */
    private boolean sealed;

    /** A class as this stream knows it: its header once announced, else -1. */
    static final class WriteType {
        final ClassInfo info;
        /** Copied from {@code info}: one dependent load less per object. */
        final Marshaller<Object> marshaller;
        final boolean tracked;
        final boolean remote;
        final boolean leaf;
        int header;

        WriteType(ClassInfo info) {
            this.info = info;
            this.marshaller = info.marshaller;
            this.tracked = info.tracked;
            this.remote = info.remote;
            // a remote object must reach the codec's check (by reference?), even written last
            this.leaf = info.leaf && !info.remote;
            this.header = info.fixedId;
        }
    }

    public UkaOutput(ClassRegistry registry, RemoteObjectCodec remotes, int maxDepth, int maxTypes) {
        this.registry = registry;
        this.remotes = remotes;
        this.maxDepth = maxDepth;
        this.maxTypes = maxTypes;
    }

    private final BulkViews views = new BulkViews();

    /** The primitive-array views over this stream's buffer array. */
    BulkViews views() {
        return views;
    }

    @Override
    public WireBuffer buffer() {
        return buf;
    }

    @Override
    public void begin(WireBuffer buffer) {
        if (!announcedNow.isEmpty()) {
            abandonAnnouncements();
        }
        if (this.buf != buffer) {
            this.buf = buffer; // only when changed: a G1 write barrier per message otherwise
        }
        this.depth = 0;
        this.graphFlagAt = -1;
        this.sealed = false;
        if (handles.size() > 0) {
            handles.clear(); // identity never crosses messages (the reader forgets at begin too)
        }
    }

    @Override
    public void finish() {
        if (!announcedNow.isEmpty()) {
            announcedNow.clear(); // not unconditionally: ArrayList.clear() was 13% of a small write
        }
    }

    @Override
    public void resetObjects() {
        handles.clear();
    }

    @Override
    public void resetAll() {
        handles.clear();
        types.clear();
        announcedNow.clear();
        lastClass = null;
        lastType = null;
        nextTypeId = 0;
    }

    private void abandonAnnouncements() {
        for (WriteType t : announcedNow) {
            t.header = -1;
        }
        nextTypeId -= announcedNow.size();
        announcedNow.clear();
    }

    // ----- objects -----

    /**
     * Writes an object. Kept tiny so that C2 inlines it into marshallers (a big compiled method
     * is called, not inlined): a {@code null} field costs a byte store, not a call.
     */
    @Override
    public void writeObject(Object obj) throws IOException {
        if (obj == null) {
            buf.writeByte(NULL);
            return;
        }
        writeNonNull(obj, false);
    }

    /**
     * Writes the message's last object. If it is also the first tracked one and its class has
     * no reference fields ({@link ClassInfo#leaf}), nothing can refer back to it: it gets no
     * handle, which saves the identity table's store and clear (and their G1 barriers) for the
     * common call of one flat argument or result. The bytes are those of {@link #writeObject}.
     */
    @Override
    public void writeLastObject(Object obj) throws IOException {
        if (obj == null) {
            buf.writeByte(NULL);
            return;
        }
        writeNonNull(obj, true);
    }

    private void writeNonNull(Object obj, boolean last) throws IOException {
        Class<?> c = obj.getClass();
        WriteType t = c == lastClass ? lastType : type(c);
        boolean unhandled = last && t.leaf && handles.size() == 0;
        if (t.tracked && !unhandled) {
            int h = handles.putIfAbsent(obj);
            if (h >= 0) {
                writeRef(h);
                return;
            }
            if (t.remote && remotes != null && remotes.byReference((Remote) obj)) {
                writeRemote((Remote) obj);
                return;
            }
        }
        int header = t.header;
        if ((header & ~0x7F) == 0) {
            // the common case, a one-byte header (and the graph flag before the first object):
            // one ensure for both
            WireBuffer b = buf;
            b.ensure(2);
            byte[] a = b.array;
            int p = b.position;
            if (graphFlagAt < 0) {
                graphFlagAt = p;
                a[p++] = GRAPH_TREE;
            }
            a[p] = (byte) header;
            b.position = p + 1;
        } else {
            if (graphFlagAt < 0) {
                startGraph();
            }
            if (header >= 0) {
                writeVarInt(header);
            } else {
                announce(t);
            }
        }
        if (++depth > maxDepth | sealed) {
            throw refused(c);
        }
        // a later object might be this one, which has no handle: refused above
        sealed = unhandled;
        try {
            t.marshaller.write(this, obj);
        } catch (StackOverflowError e) {
            throw stackTooDeep();
        }
        depth--;
    }

    // the messages are built out of line: writeNonNull must stay under C2's inlining limit

    private IOException refused(Class<?> c) {
        return new IOException(sealed ? "a " + c.getName() + " written after writeLastObject in one message"
                : "object graph nested deeper than " + maxDepth + " (UkaConfig maxDepth) at a " + c.getName());
    }

    private IOException stackTooDeep() {
        return new IOException("object graph nested deeper than this thread's stack allows (depth " + depth
                + ", UkaConfig maxDepth " + maxDepth + ")");
    }

    private void writeRemote(Remote obj) throws IOException {
        if (graphFlagAt < 0) {
            startGraph();
        }
        buf.writeByte(REMOTE);
        remotes.writeRemote(obj, this);
    }

    /** The graph flag before the message's first non-null object: no back-reference (yet). */
    private void startGraph() {
        WireBuffer b = buf;
        b.ensure(1);
        graphFlagAt = b.position;
        b.array[b.position++] = GRAPH_TREE;
    }

    private void writeRef(int handle) {
        WireBuffer b = buf;
        b.ensure(6);
        byte[] a = b.array;
        // a back-reference follows an object of this message, so the flag is written: the reader
        // must keep this message's objects
        a[graphFlagAt] = GRAPH_SHARED;
        int p = b.position;
        a[p++] = REF;
        b.position = putVarInt(a, p, handle);
    }

    private WriteType type(Class<?> c) {
        WriteType t = types.get(c);
        if (t == null) {
            t = new WriteType(registry.info(c));
            types.put(c, t);
        }
        lastClass = c;
        lastType = t;
        return t;
    }

    private void announce(WriteType t) throws IOException {
        if (nextTypeId >= maxTypes) {
            throw new IOException("more than " + maxTypes + " classes on one connection (UkaConfig maxTypes)");
        }
        int id = nextTypeId++;
        ClassInfo info = t.info;
        WireBuffer b = buf;
        b.ensure(12);
        byte[] a = b.array;
        int p = b.position;
        a[p++] = CLASS;
        p = putVarInt(a, p, id);
        a[p++] = (byte) info.kind;
        b.position = p;
        writeString(info.name);
        b.writeInt(info.fingerprint);
        t.header = FIRST_DYNAMIC + id;
        announcedNow.add(t);
    }

    // ----- strings and varints -----

    @Override
    public void writeVarInt(int v) {
        WireBuffer b = buf;
        b.ensure(5);
        b.position = putVarInt(b.array, b.position, v);
    }

    static int putVarInt(byte[] a, int p, int v) {
        while ((v & ~0x7F) != 0) {
            a[p++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        a[p++] = (byte) v;
        return p;
    }

    @Override
    public void writeString(String s) throws IOException {
        int n = s.length();
        if (n > (Integer.MAX_VALUE >> 2)) {
            throw new IOException("string too long: " + n + " chars");
        }
        WireBuffer b = buf;
        b.ensure(5 + n);
        byte[] a = b.array;
        int start = b.position;
        int p = putVarInt(a, start, n << 1);
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            if (ch > 0xFF) {
                writeUtf16(s, start);
                return;
            }
            a[p + i] = (byte) ch;
        }
        b.position = p + n;
    }

    private void writeUtf16(String s, int start) {
        int n = s.length();
        WireBuffer b = buf;
        b.position = start;
        b.ensure(5 + 2 * n);
        byte[] a = b.array;
        int p = putVarInt(a, start, (n << 1) | 1);
        for (int i = 0; i < n; i++) {
            WireBuffer.putShort(a, p + 2 * i, (short) s.charAt(i));
        }
        b.position = p + 2 * n;
    }

    // ----- DataOutput: fixed width, little-endian -----

    @Override
    public void write(int v) {
        buf.writeByte(v);
    }

    @Override
    public void write(byte[] src) {
        buf.writeBytes(src, 0, src.length);
    }

    @Override
    public void write(byte[] src, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, src.length);
        buf.writeBytes(src, off, len);
    }

    @Override
    public void writeBoolean(boolean v) {
        buf.writeByte(v ? 1 : 0);
    }

    @Override
    public void writeByte(int v) {
        buf.writeByte(v);
    }

    @Override
    public void writeShort(int v) {
        buf.writeShort(v);
    }

    @Override
    public void writeChar(int v) {
        buf.writeShort(v);
    }

    @Override
    public void writeInt(int v) {
        buf.writeInt(v);
    }

    @Override
    public void writeLong(long v) {
        buf.writeLong(v);
    }

    @Override
    public void writeFloat(float v) {
        buf.writeFloat(v);
    }

    @Override
    public void writeDouble(double v) {
        buf.writeDouble(v);
    }

    /** Writes the low byte of each char, no length (as {@code DataOutput.writeBytes}). */
    @Override
    public void writeBytes(String s) {
        int n = s.length();
        WireBuffer b = buf;
        b.ensure(n);
        for (int i = 0; i < n; i++) {
            b.array[b.position + i] = (byte) s.charAt(i);
        }
        b.position += n;
    }

    /** Writes each char as 2 bytes, little-endian, no length. */
    @Override
    public void writeChars(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            buf.writeShort(s.charAt(i));
        }
    }

    /** Writes {@code s} as {@link #writeString(String)} does (not modified UTF-8). */
    @Override
    public void writeUTF(String s) throws IOException {
        writeString(s);
    }

    @Override
    public void flush() {
        // the buffer is the technology's; nothing to flush
    }

    @Override
    public void close() {
        // nothing to release; the connection owns the buffer
    }
}
