package org.karmi.serial.internal;

import static org.karmi.serial.internal.StreamFormat.*;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.StreamCorruptedException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.Marshaller;
import org.karmi.spi.serial.RemoteObjectCodec;
import org.karmi.spi.transport.TruncatedMessageException;
import org.karmi.spi.transport.WireBuffer;

/**
 * The UKA input stream: reads primitives and object graphs of one message, which the
 * technology has put whole into a {@link WireBuffer}. Keeps the connection's type table
 * (number to class; a class definition with a number below the table's size means the writer
 * forgot its types, and the table is cut back) and the message's handle table. Reading is safe
 * by default: classes resolve only through the loader given to {@link #begin}, are
 * instantiated only if the {@link ClassFilter} allows them, lengths are checked against the
 * bytes present before allocating, the elements a message pre-allocates from the lengths it
 * claims are bounded by a budget of twice its size (see {@link #readLength(int)}), and depth and
 * object count are bounded. Any failure is an
 * {@link IOException} ({@link StreamCorruptedException}, {@link InvalidClassException}) or a
 * {@link ClassNotFoundException} naming what was wrong; nothing half-built is returned.
 *
 * <p>Threading: not thread-safe; one message at a time.
 */
public final class UkaInput implements MarshalInput {

    private static final int MAX_CLASS_NAME = 4096;
    /**
     * Elements any message may pre-allocate from claimed lengths on top of twice its size, as the
     * jdk serializer's: room for the small arrays and tables of a small message.
     */
    static final long ELEMENT_SLACK = 4096;

    private final ClassRegistry registry;
    private final RemoteObjectCodec remotes;
    private final ClassFilter classFilter;
    private final int maxDepth;
    private final int maxObjects;
    private final int maxTypes;

    private WireBuffer buf;
    private ClassLoader loader;
    private int messageStart;

    private Object[] handles = new Object[64];
    private int handleCount;
    private int pending = -1;
    /** This message's graph flag: -1 before its first non-null object, then GRAPH_TREE or GRAPH_SHARED. */
    private int graph = -1;
    private int objects;
    private int depth;
    /**
     * Elements this message may still pre-allocate from lengths it claims: starts at twice its
     * bytes plus {@link #ELEMENT_SLACK}. Claims nest (an array's first element may be an array
     * claiming the same bytes again), so each checked against the bytes left is not enough.
     */
    private long elementsLeft;
    /**
     * Why a class or array inside the JDK-serialized object being read was refused by this
     * stream, if it was (cleared when such an object starts, not in {@link #begin}, which stays small).
     */
    private StreamCorruptedException nestedRefusal;

    private ReadType[] types = new ReadType[16];
    private int typeCount;
    private int epoch;
    private boolean lastFiltered;
    /** Bit h: built-in type h was offered to this message's filters (all set: no filter to offer it to). */
    private long builtinsChecked;

    /** A class of the connection's type table and the message it was last checked in. */
    private static final class ReadType {
        final ClassInfo info;
        /** {@code info.marshaller} and {@code info.tracked}, copied: one dependent load less per object. */
        final Marshaller<Object> marshaller;
        final boolean tracked;
        final Class<?> checkClass;
        /** Whether the class is allowed whatever the message (harmless or on the allow-list). */
        final boolean allowedWithoutFilter;
        int checkedEpoch;

        ReadType(ClassInfo info, Class<?> checkClass, boolean allowedWithoutFilter, int epoch) {
            this.info = info;
            this.marshaller = info.marshaller;
            this.tracked = info.tracked;
            this.checkClass = checkClass;
            this.allowedWithoutFilter = allowedWithoutFilter;
            this.checkedEpoch = epoch;
        }
    }

    public UkaInput(ClassRegistry registry, RemoteObjectCodec remotes, java.util.function.Predicate<Class<?>> allowList,
                    int maxDepth, int maxObjects, int maxTypes) {
        this.registry = registry;
        this.remotes = remotes;
        this.classFilter = new ClassFilter(registry, allowList);
        this.maxDepth = maxDepth;
        this.maxObjects = maxObjects;
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

    /** The loader classes resolve through in this message. */
    ClassLoader loader() {
        return loader;
    }

    @Override
    public void begin(WireBuffer buffer, ClassLoader loader, ObjectInputFilter filter) {
        // Reference fields are stored only when they change: a connection passes the same buffer
        // and loader message after message, and each store into this long-lived object costs a
        // G1 write barrier (with a StoreLoad fence when the two objects lie in different regions).
        if (this.buf != buffer) {
            this.buf = buffer;
        }
        ClassLoader l = loader != null ? loader : UkaInput.class.getClassLoader();
        if (this.loader != l) {
            this.loader = l;
        }
        this.messageStart = buffer.position;
        this.elementsLeft = 2L * (buffer.limit - buffer.position) + ELEMENT_SLACK;
        this.classFilter.begin(filter);
        this.depth = 0;
        this.objects = 0;
        this.pending = -1;
        this.graph = -1;
        if (handleCount > 0) {
            resetObjects(); // identity never crosses messages (the writer forgets at begin too)
        }
        // A type's check holds for the messages of one epoch. Without a filter, a type passes iff
        // it is allowed without one, which does not change: consecutive unfiltered messages share
        // an epoch, so their types are checked once, not once per message.
        boolean filtered = classFilter.hasFilter();
        if (filtered || lastFiltered) {
            this.epoch++;
        }
        lastFiltered = filtered;
        builtinsChecked = filtered ? 0 : -1L;
    }

    @Override
    public void resetObjects() {
        if (handleCount > 0) {
            Arrays.fill(handles, 0, handleCount, null);
            handleCount = 0;
        }
        pending = -1;
    }

    @Override
    public void resetAll() {
        resetObjects();
        Arrays.fill(types, 0, typeCount, null);
        typeCount = 0;
    }

    // ----- objects -----

    /**
     * Reads an object. Kept tiny on purpose: C2 does not inline a method whose compiled code is
     * big (the JDK 17 {@code InlineSmallCode} limit), and a big {@code readObject} (with the
     * payload and a marshaller inlined into it) was called, not inlined, for every {@code null}
     * field of a marshaller. This part, a {@code null} in one byte, now inlines into the
     * marshallers; everything else is {@link #readNonNull()}.
     */
    @Override
    public Object readObject() throws ClassNotFoundException, IOException {
        WireBuffer b = buf;
        int p = b.position;
        if (p < b.limit && b.array[p] == NULL) {
            b.position = p + 1;
            return null;
        }
        return readNonNull();
    }

    /**
     * The common case (a one-byte header of a class of the type table, already checked in this
     * epoch) is handled here; everything else goes to {@link #readObjectSlow()}.
     */
    private Object readNonNull() throws ClassNotFoundException, IOException {
        if (graph < 0) {
            readGraphFlag();
        }
        WireBuffer b = buf;
        int p = b.position;
        if (p < b.limit) {
            int n = b.array[p] - FIRST_DYNAMIC;
            if (n >= 0 && n < typeCount) {
                ReadType t = types[n];
                if (t.checkedEpoch == epoch) {
                    b.position = p + 1;
                    return readPayload(t.marshaller, t.tracked, t.info);
                }
            }
        }
        return readObjectSlow();
    }

    private void readGraphFlag() throws IOException {
        int f = buf.readByte();
        if (f != GRAPH_TREE && f != GRAPH_SHARED) {
            throw corrupt("graph flag " + f + " before the first object of the message (expected " + GRAPH_TREE + " or " + GRAPH_SHARED + ")");
        }
        graph = f;
    }

    private Object readObjectSlow() throws ClassNotFoundException, IOException {
        int h = readVarInt();
        if (h >= FIRST_DYNAMIC) {
            int n = h - FIRST_DYNAMIC;
            if (n >= typeCount) {
                throw corrupt("unknown class number " + n + " (the connection defined " + typeCount + ")");
            }
            ReadType t = types[n];
            if (t.checkedEpoch != epoch) {
                checkAgain(t);
            }
            return readPayload(t.marshaller, t.tracked, t.info);
        }
        if (h >= FIRST_FIXED) {
            if (h >= END_FIXED) {
                throw corrupt("unknown built-in type number " + h);
            }
            ClassInfo builtin = Builtins.BY_ID[h];
            if ((builtinsChecked & (1L << h)) == 0) {
                checkBuiltin(h, builtin);
            }
            return readPayload(builtin.marshaller, builtin.tracked, builtin);
        }
        switch (h) {
            case NULL:
                return null;
            case REF:
                return readRef();
            case CLASS:
                ClassInfo defined = readClassDefinition();
                return readPayload(defined.marshaller, defined.tracked, defined);
            default:
                return readRemote();
        }
    }

    /**
     * A class of the type table met first in this message: without a filter, the answer of the
     * allow-list is the class's own and was cached when the class was defined, instead of
     * asking the chain (harmless? allow-list {@code ClassValue}? class loader?) again in every
     * message for every type it uses.
     */
    private void checkAgain(ReadType t) throws InvalidClassException {
        if (!(t.allowedWithoutFilter && !classFilter.hasFilter())) {
            check(t.checkClass);
        }
        t.checkedEpoch = epoch;
    }

    /** Reads the state of one object with {@code m}; {@code info} is for messages only. */
    private Object readPayload(Marshaller<Object> m, boolean tracked, ClassInfo info)
            throws IOException, ClassNotFoundException {
        if (++objects > maxObjects || ++depth > maxDepth) {
            throw overLimit();
        }
        Object o;
        try {
            if (tracked && graph == GRAPH_SHARED) {
                int slot = reserveHandle();
                int saved = pending;
                pending = slot;
                o = m.read(this);
                Object[] h = handles; // the marshaller may have grown it
                if (h[slot] != o) {
                    h[slot] = o; // usually set by reference() already: a second store costs a G1 barrier
                }
                pending = saved;
            } else {
                o = m.read(this);
            }
        } catch (RuntimeException e) {
            throw cannotRebuild(info, e);
        } catch (StackOverflowError e) {
            throw stackTooDeep();
        }
        depth--;
        return o;
    }

    private StreamCorruptedException cannotRebuild(ClassInfo info, RuntimeException e) {
        StreamCorruptedException x = corrupt("cannot rebuild a " + info.name + ": " + e);
        x.initCause(e);
        return x;
    }

    private StreamCorruptedException stackTooDeep() {
        return corrupt("objects nested deeper than this thread's stack allows (depth " + depth
                + ", UkaConfig maxDepth " + maxDepth + ")");
    }

    private StreamCorruptedException overLimit() {
        return objects > maxObjects
                ? corrupt("more than " + maxObjects + " objects in one message (UkaConfig maxObjects)")
                : corrupt("objects nested deeper than " + maxDepth + " (UkaConfig maxDepth)");
    }

    private int reserveHandle() {
        int n = handleCount;
        if (n == handles.length) {
            handles = Arrays.copyOf(handles, n * 2);
        }
        handleCount = n + 1;
        return n;
    }

    @Override
    public <T> T reference(T object) {
        if (pending >= 0) {
            handles[pending] = object;
        }
        return object;
    }

    private Object readRef() throws IOException {
        if (graph != GRAPH_SHARED) {
            throw corrupt("back-reference in a message whose graph flag says it has none");
        }
        int h = readVarInt();
        if (h < 0 || h >= handleCount) {
            throw corrupt("back-reference to object " + (h & 0xFFFFFFFFL) + ", but only " + handleCount + " were read");
        }
        Object o = handles[h];
        if (o == null) {
            throw corrupt("back-reference to object " + h + " that is still being read "
                    + "(a cycle through a record, an immutable collection or a JDK-serialized object)");
        }
        return o;
    }

    private Object readRemote() throws IOException {
        if (remotes == null) {
            throw corrupt("remote reference, but this stream has no RemoteObjectCodec");
        }
        if (++objects > maxObjects) {
            throw corrupt("more than " + maxObjects + " objects in one message (UkaConfig maxObjects)");
        }
        int slot = graph == GRAPH_SHARED ? reserveHandle() : -1;
        Object o = remotes.readRemote(this);
        if (o == null) {
            throw corrupt("RemoteObjectCodec returned null");
        }
        if (slot >= 0) {
            handles[slot] = o;
        }
        return o;
    }

    private ClassInfo readClassDefinition() throws IOException, ClassNotFoundException {
        int id = readVarInt();
        if (id < 0 || id > typeCount || id >= maxTypes) {
            throw corrupt("class definition number " + (id & 0xFFFFFFFFL) + ", expected at most " + typeCount
                    + " (limit " + maxTypes + ")");
        }
        int kind = buf.readByte();
        String name = readClassName();
        int fingerprint = buf.readInt();
        if (kind < KIND_FIELDS || kind > KIND_JDK) {
            throw corrupt("class " + name + ": unknown kind " + kind);
        }
        ClassInfo info;
        Class<?> checkClass;
        if (kind == KIND_JDK && PROXY_NAME.equals(name)) {
            info = registry.proxyInfo();
            checkClass = null;
        } else {
            Class<?> c = resolve(name);
            checkClass = c;
            check(c);
            info = registry.info(c);
            if (info.fixedId >= 0 || info.kind != kind || info.fingerprint != fingerprint) {
                throw new InvalidClassException(name, "local class does not match the stream: stream has kind "
                        + kindName(kind) + " fingerprint " + fingerprint + ", local class is " + info);
            }
        }
        if (id < typeCount) {
            Arrays.fill(types, id, typeCount, null);
        } else if (id == types.length) {
            types = Arrays.copyOf(types, id * 2);
        }
        types[id] = new ReadType(info, checkClass, checkClass == null || classFilter.allowedWithoutFilter(checkClass),
                epoch);
        typeCount = id + 1;
        return info;
    }

    private String readClassName() throws IOException {
        int save = buf.position;
        int h = readVarInt();
        int n = h >>> 1;
        if (n == 0 || n > MAX_CLASS_NAME) {
            throw corrupt("class name of " + n + " chars at offset " + save);
        }
        return readChars(h);
    }

    private void check(Class<?> c) throws InvalidClassException {
        if (c != null) {
            classFilter.check(c, depth, handleCount, buf.position - messageStart);
        }
    }

    /** Offers a built-in type to the filters once per message: they may refuse it, never need to allow it. */
    private void checkBuiltin(int h, ClassInfo builtin) throws InvalidClassException {
        classFilter.checkBuiltin(builtin.type, depth, handleCount, buf.position - messageStart);
        builtinsChecked |= 1L << h;
    }

    /** Called by array marshallers after reading a length: lets a filter refuse the array. */
    void checkArray(Class<?> arrayType, int length) throws InvalidClassException {
        if (classFilter.hasFilter()) {
            classFilter.checkArray(arrayType, length, depth, handleCount, buf.position - messageStart);
        }
    }

    /**
     * The filter status for a class met inside a JDK-serialized object. The arrays that stream
     * allocates (those it contains and the tables {@code HashMap.readObject} and the like ask for
     * before reading their elements) count against this message's element budget, a primitive
     * element by its size: the JDK stream checks no length against the bytes it has.
     */
    ObjectInputFilter.Status nestedFilterStatus(ObjectInputFilter.FilterInfo info) {
        if (info.depth() + depth > maxDepth || info.references() + objects > maxObjects) {
            return ObjectInputFilter.Status.REJECTED;
        }
        long n = info.arrayLength();
        Class<?> c = info.serialClass();
        if (n >= 0 && c != null && c.isArray()) {
            Class<?> e = c.getComponentType();
            long elements = e.isPrimitive() ? n * primitiveBytes(e) : n;
            if (elements > elementsLeft) {
                nestedRefusal = overElementBudget(c.getTypeName() + " of " + n + " elements in a JDK-serialized object", elements);
                return ObjectInputFilter.Status.REJECTED;
            }
            elementsLeft -= elements;
        } else if (n < -1) {
            nestedRefusal = corrupt("negative array length " + n + " in a JDK-serialized object");
            return ObjectInputFilter.Status.REJECTED;
        }
        ObjectInputFilter.Status s = classFilter.status(info.serialClass(), info.arrayLength(), depth,
                handleCount, buf.position - messageStart);
        return s == ObjectInputFilter.Status.UNDECIDED ? ObjectInputFilter.Status.REJECTED : s;
    }

    /** Why {@link #nestedFilterStatus} refused something since the last call, once; else {@code null}. */
    StreamCorruptedException takeNestedRefusal() {
        StreamCorruptedException r = nestedRefusal;
        if (r != null) {
            nestedRefusal = null;
        }
        return r;
    }

    private static int primitiveBytes(Class<?> p) {
        if (p == long.class || p == double.class) {
            return 8;
        }
        if (p == int.class || p == float.class) {
            return 4;
        }
        return p == char.class || p == short.class ? 2 : 1;
    }

    /** Resolves {@code name} through this message's loader only. */
    Class<?> resolve(String name) throws ClassNotFoundException {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new ClassNotFoundException("class " + name + " not found through " + describe(loader), e);
        }
    }

    private static String describe(ClassLoader l) {
        return l == null ? "the boot class loader" : "class loader " + l;
    }

    private StreamCorruptedException corrupt(String what) {
        return new StreamCorruptedException(what + " (at offset " + (buf == null ? -1 : buf.position) + ")");
    }

    // ----- varints, lengths, strings -----

    @Override
    public int readVarInt() throws IOException {
        WireBuffer b = buf;
        int p = b.position;
        if (p < b.limit) {
            int v = b.array[p];
            if (v >= 0) {
                b.position = p + 1;
                return v;
            }
        }
        return readVarIntSlow();
    }

    private int readVarIntSlow() throws IOException {
        WireBuffer b = buf;
        byte[] a = b.array;
        int p = b.position;
        int result = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (p >= b.limit) {
                throw new TruncatedMessageException(1, 0, p);
            }
            int x = a[p++];
            result |= (x & 0x7F) << shift;
            if (x >= 0) {
                if (shift == 28 && (x & 0x70) != 0) {
                    throw corrupt("varint larger than 32 bits");
                }
                b.position = p;
                return result;
            }
        }
        throw corrupt("varint longer than 5 bytes");
    }

    /**
     * {@inheritDoc} The elements also count against this message's element budget: the lengths a
     * message claims may add up to at most twice its bytes plus {@value #ELEMENT_SLACK} elements,
     * so that claims nested inside each other, each of which fits in the bytes left, cannot make
     * the reader allocate more than a small multiple of the message. A message that carries the
     * elements it claims never reaches it: each element takes at least a byte of its own, so its
     * lengths claim at most one element a byte (two for a hash table's, see below).
     */
    @Override
    public int readLength(int minBytesPerElement) throws IOException {
        int n = readBlockLength(minBytesPerElement);
        claim(n, n);
        return n;
    }

    /**
     * {@link #readLength(int)} for a table that takes more than one slot an element: counts
     * {@code slotsPerElement} per element against the element budget (a hash set or map pre-sized
     * for n elements has a table of up to 2.7 n slots: 2).
     */
    int readLength(int minBytesPerElement, int slotsPerElement) throws IOException {
        int n = readBlockLength(minBytesPerElement);
        claim(n, (long) n * slotsPerElement);
        return n;
    }

    /**
     * Reads a length checked against the bytes left only: for elements that follow as one block
     * read right after the allocation (primitive arrays), which therefore takes no more than the
     * message's own bytes and needs no share of the element budget.
     */
    int readBlockLength(int bytesPerElement) throws IOException {
        int n = readVarInt();
        if (n < 0 || (long) n * bytesPerElement > buf.remaining()) {
            throw corrupt("length " + (n & 0xFFFFFFFFL) + " (at least " + bytesPerElement
                    + " bytes each) but only " + buf.remaining() + " bytes remain");
        }
        return n;
    }

    private void claim(int length, long elements) throws StreamCorruptedException {
        long left = elementsLeft - elements;
        if (left < 0) {
            throw overElementBudget("length " + length, elements);
        }
        elementsLeft = left;
    }

    private StreamCorruptedException overElementBudget(String what, long elements) {
        long bytes = buf.limit - messageStart;
        long budget = 2 * bytes + ELEMENT_SLACK;
        return corrupt(what + ": " + elements + " more elements would take what this message pre-allocates from"
                + " claimed lengths past its limit of " + budget + " (2 x its " + bytes + " bytes + " + ELEMENT_SLACK
                + "); " + (budget - elementsLeft) + " already claimed");
    }

    @Override
    public String readString() throws IOException {
        return readChars(readVarInt());
    }

    private String readChars(int header) throws IOException {
        int n = header >>> 1;
        WireBuffer b = buf;
        if ((header & 1) == 0) {
            b.require(n);
            String s = new String(b.array, b.position, n, StandardCharsets.ISO_8859_1);
            b.position += n;
            return s;
        }
        if (2L * n > b.remaining()) {
            throw corrupt("string of " + n + " UTF-16 chars but only " + b.remaining() + " bytes remain");
        }
        char[] c = new char[n];
        byte[] a = b.array;
        int p = b.position;
        for (int i = 0; i < n; i++) {
            c[i] = (char) WireBuffer.getShort(a, p + 2 * i);
        }
        b.position = p + 2 * n;
        return new String(c);
    }

    // ----- DataInput -----

    @Override
    public void readFully(byte[] dst) throws IOException {
        buf.readBytes(dst, 0, dst.length);
    }

    @Override
    public void readFully(byte[] dst, int off, int len) throws IOException {
        java.util.Objects.checkFromIndexSize(off, len, dst.length);
        buf.readBytes(dst, off, len);
    }

    @Override
    public int skipBytes(int n) {
        int k = Math.max(0, Math.min(n, buf.remaining()));
        buf.position += k;
        return k;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return buf.readByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        return buf.readByte();
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return buf.readByte() & 0xFF;
    }

    @Override
    public short readShort() throws IOException {
        return buf.readShort();
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return buf.readShort() & 0xFFFF;
    }

    @Override
    public char readChar() throws IOException {
        return (char) buf.readShort();
    }

    @Override
    public int readInt() throws IOException {
        return buf.readInt();
    }

    @Override
    public long readLong() throws IOException {
        return buf.readLong();
    }

    @Override
    public float readFloat() throws IOException {
        return buf.readFloat();
    }

    @Override
    public double readDouble() throws IOException {
        return buf.readDouble();
    }

    /** Reads bytes up to a line terminator, as {@code DataInput.readLine}; {@code null} at the end. */
    @Override
    public String readLine() {
        WireBuffer b = buf;
        if (b.remaining() == 0) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        while (b.position < b.limit) {
            int c = b.array[b.position++] & 0xFF;
            if (c == '\n') {
                break;
            }
            if (c == '\r') {
                if (b.position < b.limit && b.array[b.position] == '\n') {
                    b.position++;
                }
                break;
            }
            sb.append((char) c);
        }
        return sb.toString();
    }

    /** Reads what {@code writeUTF} wrote (the UKA string encoding). */
    @Override
    public String readUTF() throws IOException {
        return readString();
    }

    // ----- ObjectInput -----

    @Override
    public int read() {
        WireBuffer b = buf;
        return b.position < b.limit ? b.array[b.position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] dst) {
        return read(dst, 0, dst.length);
    }

    @Override
    public int read(byte[] dst, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, dst.length);
        if (len == 0) {
            return 0;
        }
        WireBuffer b = buf;
        int n = Math.min(len, b.remaining());
        if (n == 0) {
            return -1;
        }
        System.arraycopy(b.array, b.position, dst, off, n);
        b.position += n;
        return n;
    }

    @Override
    public long skip(long n) {
        long k = Math.max(0, Math.min(n, buf.remaining()));
        buf.position += (int) k;
        return k;
    }

    @Override
    public int available() {
        return buf.remaining();
    }

    @Override
    public void close() {
        // nothing to release; the connection owns the buffer
    }
}
