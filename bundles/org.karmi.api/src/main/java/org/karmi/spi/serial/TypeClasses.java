package org.karmi.spi.serial;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Set;

/**
 * The classes a (generic) type names, as class filters need them: the raw type, type
 * arguments, array element types and the bounds of wildcards and type variables, transitively,
 * primitives left out. Used by the reference layer for the types remote interfaces declare and
 * by serializers for the types an allowed class's fields declare (since 1.3). Stateless;
 * thread-safe.
 */
public final class TypeClasses {

    /** Nesting followed at most: deeper parts of a pathological signature are ignored. */
    public static final int MAX_DEPTH = 16;

    private TypeClasses() {
    }

    /** Adds to {@code out} every non-primitive class {@code type} names. */
    public static void collect(Type type, Set<Class<?>> out) {
        collect(type, out, 0);
    }

    private static void collect(Type t, Set<Class<?>> out, int depth) {
        if (depth > MAX_DEPTH) {
            return;
        }
        if (t instanceof Class<?> c) {
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (!c.isPrimitive()) {
                out.add(c);
            }
        } else if (t instanceof ParameterizedType p) {
            collect(p.getRawType(), out, depth + 1);
            for (Type a : p.getActualTypeArguments()) {
                collect(a, out, depth + 1);
            }
        } else if (t instanceof GenericArrayType g) {
            collect(g.getGenericComponentType(), out, depth + 1);
        } else if (t instanceof WildcardType w) {
            for (Type b : w.getUpperBounds()) {
                collect(b, out, depth + 1);
            }
        } else if (t instanceof TypeVariable<?> v) {
            for (Type b : v.getBounds()) {
                collect(b, out, depth + 1);
            }
        }
    }
}
