package org.karmi.core.internal;

import java.io.ObjectInputFilter;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.karmi.spi.ref.StubReference;
import org.karmi.spi.serial.TypeClasses;

/**
 * The filter a call's input stream is begun with ({@link org.karmi.spi.serial.SerialInput#begin}):
 * allows the types declared by the remote interfaces on that end of the call (parameter,
 * return and exception types of every method, array element types and generic type arguments
 * included) and the classes of the user's {@link AllowList}; for everything else it stays
 * {@code UNDECIDED}, so the serializer's own defaults decide: both serializers then allow only
 * harmless JDK values (strings, boxes, primitive arrays, {@code java.time}, common collections,
 * {@code java.*} enums and exceptions) and their own allow-list, and refuse every other class
 * before it is instantiated; an {@code ALLOWED} class also allows the types of its fields for
 * the rest of the message ({@code docs/SERIALIZATION.md} 7). The server begins arguments with
 * the exported object's filter, the client begins results with the stub's; an exception reply
 * also allows any {@link Throwable} (a method may throw unchecked exceptions it does not
 * declare, as with {@code java.rmi}). Two more kinds of classes are allowed, so that what
 * {@code java.rmi} passes by value still passes: an application class implementing one of
 * the declared remote interfaces (a {@code Remote} object that is not exported travels by
 * value; {@code java.rmi.Remote} itself and JDK classes do not count, so a registry's
 * {@code bind(String, Remote)} allows no such class), and {@link StubReference} (a KaRMI stub
 * inside a JDK-serialized object, which only resolves to a stub). It never rejects: the JVM-wide filter
 * ({@code jdk.serialFilter}) and the filter a {@code jdk.serialFilterFactory} makes still can,
 * and their refusal wins with both serializers. Immutable; thread-safe; a check allocates nothing.
 */
final class CallFilter implements ObjectInputFilter {

    /** The declared types of one remote interface, computed once per interface. */
    private static final ClassValue<Set<Class<?>>> DECLARED = new ClassValue<>() {
        @Override
        protected Set<Class<?>> computeValue(Class<?> type) {
            return declaredTypes(type);
        }
    };

    private final Set<Class<?>> declared;
    /** The declared application interfaces extending {@link java.rmi.Remote}. */
    private final Class<?>[] remoteTypes;
    private final AllowList user;
    private final boolean throwables;
    private final CallFilter forExceptions;

    private CallFilter(Set<Class<?>> declared, AllowList user, boolean throwables) {
        this.declared = declared;
        this.remoteTypes = declared.stream().filter(CallFilter::isApplicationRemoteInterface).toArray(Class<?>[]::new);
        this.user = user;
        this.throwables = throwables;
        this.forExceptions = throwables ? this : new CallFilter(declared, user, true);
    }

    private static boolean isApplicationRemoteInterface(Class<?> c) {
        return c.isInterface() && c != java.rmi.Remote.class && java.rmi.Remote.class.isAssignableFrom(c)
                && !isJdk(c);
    }

    private static boolean isJdk(Class<?> c) {
        ClassLoader l = c.getClassLoader();
        return l == null || l == ClassLoader.getPlatformClassLoader();
    }

    /** The filter for calls through these remote interfaces. */
    static CallFilter of(List<Class<?>> interfaces, AllowList user) {
        Set<Class<?>> all = new HashSet<>();
        for (Class<?> i : interfaces) {
            all.addAll(DECLARED.get(i));
        }
        return new CallFilter(Collections.unmodifiableSet(all), user, false);
    }

    /** This filter, also allowing every {@link Throwable}: for exception replies. */
    CallFilter forExceptions() {
        return forExceptions;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        Class<?> c = info.serialClass();
        if (c == null) {
            return Status.UNDECIDED;
        }
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (c.isPrimitive() || declared.contains(c) || user.allows(c)
                || (throwables && Throwable.class.isAssignableFrom(c)) || c == StubReference.class
                || implementsRemoteType(c)) {
            return Status.ALLOWED;
        }
        return Status.UNDECIDED;
    }

    /** Whether {@code c} is an application class implementing a declared remote interface (by value). */
    private boolean implementsRemoteType(Class<?> c) {
        if (remoteTypes.length == 0 || c.isInterface() || isJdk(c)) {
            return false;
        }
        for (Class<?> r : remoteTypes) {
            if (r.isAssignableFrom(c)) {
                return true;
            }
        }
        return false;
    }

    /**
     * This filter behind {@code first}: {@code first} decides what it allows or rejects, this
     * filter what it leaves undecided (an export's own filter, as {@code java.rmi}'s
     * {@code exportObject(..., ObjectInputFilter)} takes it). {@code null} gives this filter.
     */
    ObjectInputFilter after(ObjectInputFilter first) {
        if (first == null) {
            return this;
        }
        return info -> {
            Status s = first.checkInput(info);
            return s == Status.UNDECIDED ? checkInput(info) : s;
        };
    }

    /** Whether {@code c} (or, for an array, its element type) is one of the declared types. */
    boolean declares(Class<?> c) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        return declared.contains(c);
    }

    private static Set<Class<?>> declaredTypes(Class<?> type) {
        Set<Class<?>> out = new HashSet<>();
        for (Method m : type.getMethods()) {
            if (m.getDeclaringClass() == Object.class || java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            for (Type t : m.getGenericParameterTypes()) {
                TypeClasses.collect(t, out);
            }
            TypeClasses.collect(m.getGenericReturnType(), out);
            for (Type t : m.getGenericExceptionTypes()) {
                TypeClasses.collect(t, out);
            }
        }
        out.remove(void.class);
        out.remove(Object.class);
        return Collections.unmodifiableSet(out);
    }

    @Override
    public String toString() {
        return "CallFilter[" + declared.size() + " declared types, allow=" + user + (throwables ? ", throwables" : "") + "]";
    }
}
