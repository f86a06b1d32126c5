package org.karmi.serial.jdk.internal;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The classes a class allowed by a call's filter brings along for the rest of the message, as
 * the {@code uka} serializer's filter does: the declared types of its serializable
 * (non-static, non-transient) fields, with their element types and generic type arguments
 * (so a declared {@code Order} with a {@code List<Item>} field allows {@code Item}), and its
 * serializable superclass. Only exact types: a field declared {@code Object} allows nothing
 * more. Found by reflection alone, so no class is initialized; fields a class declares only
 * through {@code serialPersistentFields} are not seen. Computed once per class; thread-safe.
 */
final class FieldTypes {

    /** Generic type arguments are followed this deep ({@code Map<K, List<Set<V>>>} and so on). */
    private static final int MAX_TYPE_DEPTH = 16;

    private static final ClassValue<Class<?>[]> OF = new ClassValue<>() {
        @Override
        protected Class<?>[] computeValue(Class<?> c) {
            return compute(c);
        }
    };

    private FieldTypes() {
    }

    /** The classes {@code c} brings along (never {@code Object}, never primitives). */
    static Class<?>[] of(Class<?> c) {
        return OF.get(c);
    }

    private static Class<?>[] compute(Class<?> c) {
        Set<Class<?>> out = new LinkedHashSet<>();
        Field[] fields;
        try {
            fields = c.getDeclaredFields();
        } catch (LinkageError e) {
            fields = new Field[0]; // a field type that does not resolve: the class itself will fail to read
        }
        for (Field f : fields) {
            int m = f.getModifiers();
            if (Modifier.isStatic(m) || Modifier.isTransient(m)) {
                continue;
            }
            try {
                collect(f.getGenericType(), out, 0);
            } catch (RuntimeException | LinkageError e) {
                collect(f.getType(), out, 0); // a malformed or unresolvable signature: the erased type only
            }
        }
        Class<?> sup = c.getSuperclass();
        if (sup != null && Serializable.class.isAssignableFrom(sup)) {
            out.add(sup);
        }
        out.remove(Object.class);
        return out.toArray(new Class<?>[0]);
    }

    private static void collect(Type t, Set<Class<?>> out, int depth) {
        if (depth > MAX_TYPE_DEPTH) {
            return;
        }
        if (t instanceof Class<?> k) {
            while (k.isArray()) {
                k = k.getComponentType();
            }
            if (!k.isPrimitive()) {
                out.add(k);
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
