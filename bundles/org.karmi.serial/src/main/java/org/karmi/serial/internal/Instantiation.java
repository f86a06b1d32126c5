package org.karmi.serial.internal;

import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

import org.karmi.serial.spi.Instantiator;

/**
 * Creates instances of serializable classes as JDK deserialization does: only the no-arg
 * constructor of the first non-serializable superclass runs. Uses
 * {@code sun.reflect.ReflectionFactory} from the {@code jdk.unsupported} module (as Objenesis
 * and Kryo do; looked up reflectively through the boot loader, so no import is needed in
 * OSGi); without it, a class needs its own no-arg constructor.
 *
 * <p>Threading: thread-safe; an {@link Instantiator} is immutable.
 */
public final class Instantiation {

    private static final Object FACTORY;
    private static final Method NEW_CONSTRUCTOR;

    static {
        Object factory = null;
        Method method = null;
        try {
            Class<?> rf = Class.forName("sun.reflect.ReflectionFactory", true, null);
            factory = rf.getMethod("getReflectionFactory").invoke(null);
            method = rf.getMethod("newConstructorForSerialization", Class.class);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            factory = null;
            method = null;
        }
        FACTORY = factory;
        NEW_CONSTRUCTOR = method;
    }

    private Instantiation() {
    }

    /** The instantiator of {@code type}; see {@link Instantiator#of(Class)}. */
    public static <T> Instantiator<T> of(Class<T> type) {
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || type.isArray()
                || type.isPrimitive() || !Serializable.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("cannot instantiate " + type.getName()
                    + ": not a concrete serializable class");
        }
        Constructor<?> ctor = serializationConstructor(type);
        return () -> {
            try {
                return type.cast(ctor.newInstance());
            } catch (InvocationTargetException e) {
                throw new IllegalStateException("constructor of " + type.getName() + " failed", e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot instantiate " + type.getName(), e);
            }
        };
    }

    private static Constructor<?> serializationConstructor(Class<?> type) {
        Class<?> base = type;
        while (base != null && Serializable.class.isAssignableFrom(base)) {
            base = base.getSuperclass();
        }
        Constructor<?> baseCtor;
        try {
            baseCtor = base == null ? null : base.getDeclaredConstructor();
        } catch (NoSuchMethodException e) {
            baseCtor = null;
        }
        if (baseCtor == null || !accessible(baseCtor, type)) {
            throw new IllegalArgumentException("cannot instantiate " + type.getName() + ": its first "
                    + "non-serializable superclass " + (base == null ? "?" : base.getName())
                    + " has no accessible no-arg constructor");
        }
        if (FACTORY != null) {
            try {
                Constructor<?> c = (Constructor<?>) NEW_CONSTRUCTOR.invoke(FACTORY, type);
                if (c != null) {
                    c.setAccessible(true);
                    return c;
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // fall through to the class's own constructor
            }
        }
        try {
            Constructor<?> own = type.getDeclaredConstructor();
            own.setAccessible(true);
            return own;
        } catch (NoSuchMethodException | RuntimeException e) {
            throw new IllegalArgumentException("cannot instantiate " + type.getName()
                    + ": sun.reflect.ReflectionFactory is not available and it has no no-arg constructor", e);
        }
    }

    private static boolean accessible(Constructor<?> ctor, Class<?> from) {
        int m = ctor.getModifiers();
        if (Modifier.isPublic(m) || Modifier.isProtected(m)) {
            return true;
        }
        return !Modifier.isPrivate(m) && ctor.getDeclaringClass().getPackageName().equals(from.getPackageName())
                && ctor.getDeclaringClass().getClassLoader() == from.getClassLoader();
    }
}
