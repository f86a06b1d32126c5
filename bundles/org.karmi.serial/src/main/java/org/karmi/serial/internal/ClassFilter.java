package org.karmi.serial.internal;

import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputFilter.Status;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayDeque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.function.Predicate;

import org.karmi.spi.serial.TypeClasses;

/**
 * Decides, for one input stream and one message at a time, which classes may be instantiated:
 * <ol>
 * <li>the JVM-wide {@link ObjectInputFilter} (if set) rejecting a class always wins. With a
 *     filter factory ({@code jdk.serialFilterFactory}), the JVM-wide filter is what the factory
 *     makes of it for a new stream ({@code apply(null, jdk.serialFilter)}, as
 *     {@link java.io.ObjectInputStream}'s constructor asks), asked once per input stream and
 *     again only if the filter or the factory changes: a factory can add refusals, never
 *     allow what the rules below refuse;</li>
 * <li>the message's filter (given to {@code begin}; without one, the JVM-wide filter):
 *     {@code REJECTED} refuses, {@code ALLOWED} allows the class and, for the rest of the
 *     message, the declared types of its serializable fields with their generic type arguments
 *     ({@code List<Item>} brings {@code Item}) and its serializable superclasses
 *     (transitively);</li>
 * <li>otherwise ({@code UNDECIDED}) a class is allowed only if it is harmless
 *     ({@link #isHarmless}), on the serializer's allow-list, or allowed earlier in this message
 *     through step 2.</li>
 * </ol>
 * Built-in types (read by this serializer's own code, never by a class's {@code readObject})
 * are offered to the filters of steps 1 and 2 once per message: a refusal refuses them.
 *
 * <p>Threading: not thread-safe; owned by one input stream.
 */
final class ClassFilter {

    private static final Set<String> HARMLESS_JDK = Set.of(
            "java.lang.StackTraceElement", "java.util.Date", "java.net.URI", "java.util.Arrays$ArrayList",
            "java.util.Collections$EmptyList", "java.util.Collections$EmptySet", "java.util.Collections$EmptyMap",
            "java.util.Collections$SingletonList", "java.util.Collections$SingletonSet",
            "java.util.Collections$SingletonMap", "java.util.Collections$UnmodifiableCollection",
            "java.util.Collections$UnmodifiableList", "java.util.Collections$UnmodifiableRandomAccessList",
            "java.util.Collections$UnmodifiableSet", "java.util.Collections$UnmodifiableMap",
            "java.util.Collections$UnmodifiableSortedSet", "java.util.Collections$UnmodifiableSortedMap",
            "java.util.Collections$ReverseComparator", "java.util.Collections$ReverseComparator2",
            "java.lang.String$CaseInsensitiveComparator", "java.util.Comparators$NaturalOrderComparator",
            // what JDK serialization names for built-ins inside a JDK-serialized object: HashMap's and
            // HashSet's table (Map.Entry[]), the serial proxies of List.of & co. and of java.time
            "java.util.Map$Entry", "java.util.CollSer", "java.time.Ser");

    private final ClassRegistry registry;
    private final Predicate<Class<?>> allowList;
    private final IdentityHashMap<Class<?>, Boolean> allowedNow = new IdentityHashMap<>();
    private ObjectInputFilter filter;
    private ObjectInputFilter jvmFilter;
    /** The JVM-wide filter and factory last seen, and what the factory made of them. */
    private ObjectInputFilter staticFilter;
    private BinaryOperator<ObjectInputFilter> factory;
    private ObjectInputFilter jvmLevel;

    ClassFilter(ClassRegistry registry, Predicate<Class<?>> allowList) {
        this.registry = registry;
        this.allowList = allowList;
    }

    /** Starts a message with {@code messageFilter} ({@code null}: the JVM-wide one). */
    void begin(ObjectInputFilter messageFilter) {
        if (!allowedNow.isEmpty()) {
            allowedNow.clear();
        }
        // stored only when changed (see UkaInput.begin: G1 write barriers)
        ObjectInputFilter jvm = jvmLevel();
        ObjectInputFilter f = messageFilter != null ? messageFilter : jvm;
        if (f == jvm) {
            jvm = null;
        }
        if (filter != f) {
            filter = f;
        }
        if (jvmFilter != jvm) {
            jvmFilter = jvm;
        }
    }

    /**
     * The JVM-wide filter as a new {@link java.io.ObjectInputStream} starts with it. Throws
     * {@link IllegalStateException} if the factory could not be set up (no message can then
     * be read, as with the JDK's streams).
     */
    private ObjectInputFilter jvmLevel() {
        ObjectInputFilter s = ObjectInputFilter.Config.getSerialFilter();
        BinaryOperator<ObjectInputFilter> f = ObjectInputFilter.Config.getSerialFilterFactory();
        if (s != staticFilter || f != factory) {
            jvmLevel = f.apply(null, s); // the built-in factory answers s itself
            staticFilter = s;
            factory = f;
        }
        return jvmLevel;
    }

    boolean hasFilter() {
        return filter != null || jvmFilter != null;
    }

    /** Throws unless {@code c} may be instantiated in this message. */
    void check(Class<?> c, int depth, int objects, long bytes) throws InvalidClassException {
        Status s = status(c, -1, depth, objects, bytes);
        if (s != Status.ALLOWED) {
            throw new InvalidClassException(c.getName(), s == Status.REJECTED ? "rejected by the ObjectInputFilter"
                    : "not allowed: neither the filter nor the allow-list (UkaConfig.Builder.allow) allows it");
        }
    }

    /** Throws if a filter rejects {@code c}, a built-in type (allowed unless refused, see {@link Builtins}). */
    void checkBuiltin(Class<?> c, int depth, int objects, long bytes) throws InvalidClassException {
        Info info = new Info(c, -1, depth, objects, bytes);
        if ((jvmFilter != null && jvmFilter.checkInput(info) == Status.REJECTED)
                || (filter != null && filter.checkInput(info) == Status.REJECTED)) {
            throw new InvalidClassException(c.getName(), "rejected by the ObjectInputFilter");
        }
    }

    /** Throws if a filter rejects an array of {@code length} elements. */
    void checkArray(Class<?> arrayType, int length, int depth, int objects, long bytes) throws InvalidClassException {
        Info info = new Info(arrayType, length, depth, objects, bytes);
        if ((jvmFilter != null && jvmFilter.checkInput(info) == Status.REJECTED)
                || (filter != null && filter.checkInput(info) == Status.REJECTED)) {
            throw new InvalidClassException(arrayType.getTypeName(),
                    "array of " + length + " elements rejected by the ObjectInputFilter");
        }
    }

    /** The decision for {@code c} (may be {@code null}: a limits-only check). */
    Status status(Class<?> c, long arrayLength, int depth, int objects, long bytes) {
        if (hasFilter()) {
            Info info = new Info(c, arrayLength, depth, objects, bytes);
            if (jvmFilter != null && jvmFilter.checkInput(info) == Status.REJECTED) {
                return Status.REJECTED;
            }
            Status s = filter == null ? Status.UNDECIDED : filter.checkInput(info);
            if (s == Status.REJECTED) {
                return s;
            }
            if (s == Status.ALLOWED) {
                if (c != null) {
                    allowWithClosure(c);
                }
                return s;
            }
        }
        if (c == null) {
            return Status.ALLOWED;
        }
        Class<?> base = c;
        while (base.isArray()) {
            base = base.getComponentType();
        }
        if (base.isPrimitive() || allowedNow.containsKey(base) || isHarmless(base) || allowList.test(base)) {
            return Status.ALLOWED;
        }
        return Status.UNDECIDED;
    }

    /** Whether {@code c} is allowed in every message whatever the filters say short of rejecting it. */
    boolean allowedWithoutFilter(Class<?> c) {
        Class<?> base = c;
        while (base.isArray()) {
            base = base.getComponentType();
        }
        return base.isPrimitive() || isHarmless(base) || allowList.test(base);
    }

    /** Built-ins, a few value-like JDK classes, and {@code java.*} enums and exceptions. */
    static boolean isHarmless(Class<?> c) {
        if (Builtins.isSafe(c)) {
            return true;
        }
        if (c.getClassLoader() != null) {
            return false;
        }
        String name = c.getName();
        return name.startsWith("java.") && (HARMLESS_JDK.contains(name) || Throwable.class.isAssignableFrom(c));
    }

    private void allowWithClosure(Class<?> root) {
        ArrayDeque<Class<?>> todo = new ArrayDeque<>();
        todo.add(root);
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (c.isPrimitive() || allowedNow.put(c, Boolean.TRUE) != null) {
                continue;
            }
            if (c.isInterface() || !java.io.Serializable.class.isAssignableFrom(c) || Builtins.of(c) != null) {
                continue;
            }
            for (Class<?> t : registry.info(c).fieldTypes) {
                todo.add(t);
            }
            for (Class<?> t : TYPE_ARGUMENTS.get(c)) {
                todo.add(t);
            }
            Class<?> sup = c.getSuperclass();
            if (sup != null && java.io.Serializable.class.isAssignableFrom(sup)) {
                todo.add(sup);
            }
        }
    }

    /**
     * The classes named by the generic type arguments of a class's own serializable fields
     * ({@code Item} for {@code List<Item>} and {@code Map<String, Item[]>}), bounds of
     * wildcards and type variables included; found by reflection alone (no class initialized).
     */
    private static final ClassValue<Class<?>[]> TYPE_ARGUMENTS = new ClassValue<>() {
        @Override
        protected Class<?>[] computeValue(Class<?> c) {
            Set<Class<?>> out = new LinkedHashSet<>();
            Field[] fields;
            try {
                fields = c.getDeclaredFields();
            } catch (LinkageError e) {
                return new Class<?>[0];
            }
            for (Field f : fields) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m)) {
                    continue;
                }
                try {
                    if (f.getGenericType() instanceof ParameterizedType || f.getGenericType() instanceof GenericArrayType) {
                        TypeClasses.collect(f.getGenericType(), out);
                    }
                } catch (RuntimeException | LinkageError e) {
                    // a malformed or unresolvable signature: the erased field type alone (in fieldTypes)
                }
            }
            out.remove(Object.class);
            return out.toArray(new Class<?>[0]);
        }
    };


    /** The filter's view of one check. */
    private static final class Info implements ObjectInputFilter.FilterInfo {
        private final Class<?> serialClass;
        private final long arrayLength;
        private final long depth;
        private final long references;
        private final long streamBytes;

        Info(Class<?> serialClass, long arrayLength, long depth, long references, long streamBytes) {
            this.serialClass = serialClass;
            this.arrayLength = arrayLength;
            this.depth = depth;
            this.references = references;
            this.streamBytes = streamBytes;
        }

        @Override public Class<?> serialClass() { return serialClass; }
        @Override public long arrayLength() { return arrayLength; }
        @Override public long depth() { return depth; }
        @Override public long references() { return references; }
        @Override public long streamBytes() { return streamBytes; }
    }
}
