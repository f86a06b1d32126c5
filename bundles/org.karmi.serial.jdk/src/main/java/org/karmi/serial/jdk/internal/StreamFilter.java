package org.karmi.serial.jdk.internal;

import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.function.Predicate;

/**
 * The {@link ObjectInputFilter} of one message's JDK object stream: it decides which classes
 * may be instantiated with the rules of the {@code uka} serializer ({@code docs/SERIALIZATION.md}
 * section 7) and bounds the stream. Per class, in this order:
 * <ol>
 * <li>the JVM-wide filter ({@code jdk.serialFilter}), if set, rejecting wins;</li>
 * <li>the message's filter (the call's filter given to {@code begin}; without one, the JVM-wide
 *     filter): {@code REJECTED} refuses; {@code ALLOWED} allows the class and, for the rest of
 *     the message, the classes it brings along ({@link FieldTypes});</li>
 * <li>otherwise the class is allowed only if it is harmless ({@link HarmlessClasses}), on the
 *     serializer's allow-list, or brought along earlier in this message; everything else is
 *     {@code REJECTED}, never {@code UNDECIDED} (which {@link java.io.ObjectInputStream} would
 *     take as allowed).</li>
 * </ol>
 * Limits, as {@code uka}'s: nesting depth 1000, 10,000,000 object references, and array
 * elements: the arrays a message announces (those it contains and the tables {@code HashMap},
 * {@code ArrayList} and the like ask for before reading their elements) may hold at most twice
 * as many elements as the message has bytes, plus {@value #ARRAY_SLACK}, each primitive element
 * counted by its size, so that a small message can never make the reader allocate much. The
 * stream's bytes are bounded by the message itself. A refusal is remembered, so the reader can
 * throw an {@link InvalidClassException} that names the class and what to do.
 *
 * <p>Threading: not thread-safe; owned by one {@link JdkSerialInput}, begun per message.
 */
final class StreamFilter implements ObjectInputFilter {

    /** Nesting depth per message, as the {@code uka} serializer's default. */
    static final int MAX_DEPTH = 1000;
    /** Object references per message, as the {@code uka} serializer's default object limit. */
    static final long MAX_REFERENCES = 10_000_000;
    /** Array elements any message may announce on top of twice its size. */
    static final long ARRAY_SLACK = 4096;

    static final String NOT_ALLOWED = "not allowed in this call: neither a type the remote interface declares,"
            + " nor on the allow-list, nor a harmless JDK value; if calls may carry it, add it (or its package)"
            + " to karmi.serial.allow";

    private final Predicate<Class<?>> allowList;
    private final int maxDepth;
    private final long maxReferences;
    private final IdentityHashMap<Class<?>, Boolean> allowedNow = new IdentityHashMap<>();

    private ObjectInputFilter messageFilter;
    private ObjectInputFilter jvmFilter;
    private boolean messageFilterIsJvmFilter;
    private long messageBytes;
    private long arrayBudget;
    private long arrayElements;
    private String refusedClass;
    private String refusal;
    private Class<?> trusted;

    StreamFilter(Predicate<Class<?>> allowList) {
        this(allowList, MAX_DEPTH, MAX_REFERENCES);
    }

    StreamFilter(Predicate<Class<?>> allowList, int maxDepth, long maxReferences) {
        this.allowList = allowList;
        this.maxDepth = maxDepth;
        this.maxReferences = maxReferences;
    }

    /** Starts a message of {@code bytes} bytes read with {@code filter} ({@code null}: the JVM-wide one). */
    void begin(ObjectInputFilter filter, int bytes) {
        allowedNow.clear();
        ObjectInputFilter jvm = ObjectInputFilter.Config.getSerialFilter();
        messageFilterIsJvmFilter = filter == null;
        messageFilter = filter != null ? filter : jvm;
        jvmFilter = filter != null ? jvm : null;
        messageBytes = bytes;
        arrayBudget = 2L * bytes + ARRAY_SLACK;
        arrayElements = 0;
        refusedClass = null;
        refusal = null;
        trusted = null;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        Class<?> c = info.serialClass();
        if (info.depth() > maxDepth) {
            return refuse(c, "object graph nested deeper than " + maxDepth + " in one message");
        }
        if (info.references() > maxReferences) {
            return refuse(c, "more than " + maxReferences + " object references in one message");
        }
        long n = info.arrayLength();
        if (n >= 0 && c != null && c.isArray()) {
            Class<?> e = c.getComponentType();
            arrayElements += n * (e.isPrimitive() ? elementBytes(e) : 1);
            if (arrayElements > arrayBudget) {
                return refuse(c, "array of " + n + " elements: this message's arrays would exceed " + arrayBudget
                        + " elements, more than a message of " + messageBytes + " bytes can carry");
            }
        } else if (n < -1) {
            return refuse(c, "negative array length " + n);
        }
        return decide(c, info);
    }

    /** Throws unless {@code c} may be instantiated in this message (a check outside the stream's filter). */
    void checkClass(Class<?> c) throws InvalidClassException {
        if (decide(c, new ClassOnly(c)) == Status.REJECTED) {
            throw refusal(null);
        }
    }

    /**
     * The exception to throw for {@code e}, thrown by the stream: if this filter refused something,
     * one that names the class and says why (with {@code e} as its cause), else {@code e}.
     */
    InvalidClassException explain(InvalidClassException e) {
        if (refusal != null) {
            return refusal(e);
        }
        String m = e.getMessage();
        if (m != null && m.startsWith("filter status: REJECTED")) {
            InvalidClassException x = new InvalidClassException(m + ": rejected by the stream filter that the"
                    + " JVM-wide filter factory (jdk.serialFilterFactory "
                    + ObjectInputFilter.Config.getSerialFilterFactory().getClass().getName() + ") made");
            x.initCause(e);
            return x;
        }
        return e;
    }

    private InvalidClassException refusal(Exception cause) {
        InvalidClassException x = refusedClass == null ? new InvalidClassException(refusal)
                : new InvalidClassException(refusedClass, refusal);
        if (cause != null) {
            x.initCause(cause);
        }
        return x;
    }

    /** The next check of {@code remote}'s class allows it: a remote object the reference layer gave for a reference. */
    void trustNext(Object remote) {
        trusted = remote == null ? null : remote.getClass();
    }

    private Status decide(Class<?> c, FilterInfo info) {
        if (c == RemoteReferenceBytes.class) {
            return Status.ALLOWED; // this serializer's own carrier of remote references: a byte[], no code
        }
        if (c != null && c == trusted) {
            trusted = null;
            return Status.ALLOWED;
        }
        if (jvmFilter != null && ask(jvmFilter, info) == Status.REJECTED) {
            return refuse(c, "rejected by the JVM-wide deserialization filter (jdk.serialFilter)");
        }
        Status s = messageFilter == null ? Status.UNDECIDED : ask(messageFilter, info);
        if (s == Status.REJECTED) {
            return refuse(c, messageFilterIsJvmFilter ? "rejected by the JVM-wide deserialization filter (jdk.serialFilter)"
                    : "rejected by the call's ObjectInputFilter");
        }
        if (c == null) {
            return Status.UNDECIDED;
        }
        if (s == Status.ALLOWED) {
            allowWithClosure(c);
            return Status.ALLOWED;
        }
        Class<?> base = c;
        while (base.isArray()) {
            base = base.getComponentType();
        }
        if (allowedNow.containsKey(base) || HarmlessClasses.contains(base) || allowList.test(base)) {
            return Status.ALLOWED;
        }
        return refuse(c, NOT_ALLOWED);
    }

    /** A filter that throws refuses, as {@link java.io.ObjectInputStream} has it. */
    private static Status ask(ObjectInputFilter f, FilterInfo info) {
        try {
            Status s = f.checkInput(info);
            return s == null ? Status.REJECTED : s;
        } catch (RuntimeException e) {
            return Status.REJECTED;
        }
    }

    private Status refuse(Class<?> c, String why) {
        if (refusal == null) {
            refusedClass = c == null ? null : c.getTypeName();
            refusal = why;
        }
        return Status.REJECTED;
    }

    private void allowWithClosure(Class<?> root) {
        ArrayDeque<Class<?>> todo = new ArrayDeque<>();
        todo.add(root);
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (c.isPrimitive() || allowedNow.put(c, Boolean.TRUE) != null || c.isInterface()
                    || !java.io.Serializable.class.isAssignableFrom(c)) {
                continue; // nothing to bring along: no instances, or no serialized fields
            }
            for (Class<?> t : FieldTypes.of(c)) {
                todo.add(t);
            }
        }
    }

    private static int elementBytes(Class<?> primitive) {
        if (primitive == long.class || primitive == double.class) {
            return 8;
        }
        if (primitive == int.class || primitive == float.class) {
            return 4;
        }
        return primitive == char.class || primitive == short.class ? 2 : 1;
    }

    /** A class-only question, asked before the stream's own check. */
    private record ClassOnly(Class<?> serialClass) implements FilterInfo {
        @Override public long arrayLength() { return -1; }
        @Override public long depth() { return 0; }
        @Override public long references() { return 0; }
        @Override public long streamBytes() { return 0; }
    }
}
