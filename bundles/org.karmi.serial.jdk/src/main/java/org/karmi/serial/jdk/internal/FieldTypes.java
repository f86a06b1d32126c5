package org.karmi.serial.jdk.internal;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashSet;
import java.util.Set;

import org.karmi.spi.serial.TypeClasses;

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
                TypeClasses.collect(f.getGenericType(), out);
            } catch (RuntimeException | LinkageError e) {
                TypeClasses.collect(f.getType(), out); // a malformed or unresolvable signature: the erased type only
            }
        }
        Class<?> sup = c.getSuperclass();
        if (sup != null && Serializable.class.isAssignableFrom(sup)) {
            out.add(sup);
        }
        out.remove(Object.class);
        return out.toArray(new Class<?>[0]);
    }
}
