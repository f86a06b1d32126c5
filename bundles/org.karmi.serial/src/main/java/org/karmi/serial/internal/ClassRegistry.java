package org.karmi.serial.internal;

import static org.karmi.serial.internal.StreamFormat.*;

import java.io.Externalizable;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.util.Map;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;

/**
 * Decides once per class how it is serialized and caches the answer in a {@link ClassValue}:
 * built-in (fixed number), array, enum, record, JDK fallback (the class uses a JDK
 * serialization hook, or its fields cannot be made accessible), or fields, with the marshaller
 * generated at compile time if one is found by naming convention through the class's own
 * loader ({@link Marshaller#GENERATED_SUFFIX}), else one generated at run time
 * ({@link RuntimeMarshallers}), else the interpreted {@link FieldMarshaller}.
 *
 * <p>Threading: thread-safe; one registry is shared by all streams of a serializer.
 */
public final class ClassRegistry {

    private final boolean useGenerated;
    private final boolean generateAtRunTime;
    private final Map<Class<?>, Marshaller<?>> custom;
    private final ClassInfo proxyInfo = new ClassInfo(Proxy.class, PROXY_NAME, -1, KIND_JDK, 0, true, false, false,
            JdkFallback.INSTANCE, new Class<?>[0]);

    private final ClassValue<ClassInfo> infos = new ClassValue<>() {
        @Override
        protected ClassInfo computeValue(Class<?> c) {
            return compute(c);
        }
    };

    /**
     * @param useGenerated whether to use marshallers generated at compile time when present
     * @param custom       hand-written marshallers by exact class (written as kind fields)
     */
    public ClassRegistry(boolean useGenerated, Map<Class<?>, Marshaller<?>> custom) {
        this(useGenerated, true, custom);
    }

    /**
     * @param useGenerated        whether to use marshallers generated at compile time when present
     * @param generateAtRunTime   whether to generate the others at run time ({@link RuntimeMarshallers})
     *                            rather than interpret ({@link FieldMarshaller})
     * @param custom              hand-written marshallers by exact class (written as kind fields)
     */
    public ClassRegistry(boolean useGenerated, boolean generateAtRunTime, Map<Class<?>, Marshaller<?>> custom) {
        this.useGenerated = useGenerated;
        this.generateAtRunTime = generateAtRunTime;
        this.custom = Map.copyOf(custom);
    }

    /** The info of {@code c} (never {@code null}; a non-serializable class gets one that refuses). */
    public ClassInfo info(Class<?> c) {
        return infos.get(c);
    }

    /** The info used for every {@code java.lang.reflect.Proxy} class (JDK kind). */
    ClassInfo proxyInfo() {
        return proxyInfo;
    }

    private ClassInfo compute(Class<?> c) {
        ClassInfo builtin = Builtins.of(c);
        if (builtin != null) {
            return builtin;
        }
        boolean remote = Remote.class.isAssignableFrom(c);
        Marshaller<?> hand = custom.get(c);
        if (hand != null) {
            return new ClassInfo(c, c.getName(), -1, KIND_FIELDS, 0, true, remote, false, hand, new Class<?>[0]);
        }
        if (c.isArray()) {
            Class<?> component = c.getComponentType();
            return new ClassInfo(c, c.getName(), -1, KIND_ARRAY, 0, true, false, false,
                    new ArrayMarshallers.Objects(component), new Class<?>[] {component});
        }
        if (Enum.class.isAssignableFrom(c) && c != Enum.class) {
            Class<?> e = c.isEnum() ? c : c.getSuperclass();
            return new ClassInfo(e, e.getName(), -1, KIND_ENUM, EnumMarshaller.fingerprint(e), false, false, false,
                    new EnumMarshaller(e), new Class<?>[0]);
        }
        if (!Serializable.class.isAssignableFrom(c)) {
            return new ClassInfo(c, c.getName(), -1, KIND_FIELDS, 0, true, remote, false, new Refusing(c), new Class<?>[0]);
        }
        if (Proxy.isProxyClass(c)) {
            return remote ? new ClassInfo(c, PROXY_NAME, -1, KIND_JDK, 0, true, true, false, JdkFallback.INSTANCE,
                    new Class<?>[0]) : proxyInfo;
        }
        if (c.isRecord()) {
            if (!declaresReplaceOrResolve(c)) {
                try {
                    RecordMarshaller m = new RecordMarshaller(c);
                    return new ClassInfo(c, c.getName(), -1, KIND_RECORD, m.fingerprint, true, remote,
                            m.referenceTypes.length == 0, m,
                            m.referenceTypes);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // inaccessible: JDK serialization can still do it
                }
            }
            return jdk(c, remote);
        }
        if (usesJdkHooks(c)) {
            return jdk(c, remote);
        }
        FieldLayout layout = FieldLayout.of(c);
        Marshaller<?> generated = useGenerated ? generated(c, layout.fingerprint) : null;
        if (generated != null) {
            return new ClassInfo(c, c.getName(), -1, KIND_FIELDS, layout.fingerprint, true, remote, layout.isLeaf(), generated,
                    layout.referenceTypes);
        }
        if (generateAtRunTime && RuntimeMarshallers.available()) {
            try {
                return new ClassInfo(c, c.getName(), -1, KIND_FIELDS, layout.fingerprint, true, remote, layout.isLeaf(),
                        RuntimeMarshallers.generate(c, layout), layout.referenceTypes);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // not generable here (inaccessible field, no constructor): interpreted, or JDK below
            }
        }
        try {
            FieldMarshaller m = new FieldMarshaller(c, layout);
            return new ClassInfo(c, c.getName(), -1, KIND_FIELDS, layout.fingerprint, true, remote, layout.isLeaf(), m,
                    layout.referenceTypes);
        } catch (RuntimeException e) {
            // fields not accessible (e.g. a JDK-internal class) or no usable constructor
            return jdk(c, remote);
        }
    }

    private static ClassInfo jdk(Class<?> c, boolean remote) {
        Class<?>[] fieldTypes;
        try {
            fieldTypes = FieldLayout.of(c).referenceTypes;
        } catch (RuntimeException | LinkageError e) {
            fieldTypes = new Class<?>[0];
        }
        return new ClassInfo(c, c.getName(), -1, KIND_JDK, 0, true, remote, false, JdkFallback.INSTANCE, fieldTypes);
    }

    /** The compile-time marshaller of {@code c}, if present and made for the same field layout. */
    private static Marshaller<?> generated(Class<?> c, int fingerprint) {
        ClassLoader loader = c.getClassLoader();
        if (loader == null) {
            return null;
        }
        try {
            Class<?> g = Class.forName(c.getName() + Marshaller.GENERATED_SUFFIX, true, loader);
            if (!Marshaller.class.isAssignableFrom(g) || g.getField("FINGERPRINT").getInt(null) != fingerprint) {
                return null;
            }
            return (Marshaller<?>) g.getConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            return null;
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;
        }
    }

    /** Whether JDK serialization semantics need the JDK: Externalizable or any serialization hook. */
    static boolean usesJdkHooks(Class<?> c) {
        if (Externalizable.class.isAssignableFrom(c)) {
            return true;
        }
        for (Class<?> k = c; k != null && Serializable.class.isAssignableFrom(k); k = k.getSuperclass()) {
            if (privateMethod(k, "writeObject", ObjectOutputStream.class)
                    || privateMethod(k, "readObject", ObjectInputStream.class)
                    || privateMethod(k, "readObjectNoData")) {
                return true;
            }
            try {
                k.getDeclaredField("serialPersistentFields");
                return true;
            } catch (NoSuchFieldException e) {
                // none
            }
        }
        return declaresReplaceOrResolve(c);
    }

    private static boolean declaresReplaceOrResolve(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (method(k, "writeReplace") != null || method(k, "readResolve") != null) {
                return true;
            }
        }
        return false;
    }

    private static boolean privateMethod(Class<?> k, String name, Class<?>... params) {
        Method m = method(k, name, params);
        return m != null && Modifier.isPrivate(m.getModifiers()) && !Modifier.isStatic(m.getModifiers());
    }

    private static Method method(Class<?> k, String name, Class<?>... params) {
        try {
            return k.getDeclaredMethod(name, params);
        } catch (NoSuchMethodException e) {
            return null;
        }
    }

    /** The marshaller of a class that is not serializable: refuses as the JDK does. */
    private static final class Refusing implements Marshaller<Object> {
        private final Class<?> type;

        Refusing(Class<?> type) {
            this.type = type;
        }

        @Override
        public void write(MarshalOutput out, Object o) throws IOException {
            throw new NotSerializableException(type.getName());
        }

        @Override
        public Object read(MarshalInput in) throws IOException {
            throw new java.io.InvalidClassException(type.getName(), "not serializable");
        }
    }
}
