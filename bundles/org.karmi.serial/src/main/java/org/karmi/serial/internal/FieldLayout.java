package org.karmi.serial.internal;

import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The canonical field order of a serializable class, shared by the run-time marshaller and the
 * annotation processor (which computes the same): the non-static, non-transient fields of
 * the class and its serializable superclasses, top-most superclass first, each class's fields
 * sorted by name. On the wire all primitive fields come first, in that order, fixed width
 * little-endian (boolean and byte 1, char and short 2, int and float 4, long and double 8
 * bytes), then all reference fields, in that order, each as an object.
 *
 * <p>The fingerprint is {@code String.hashCode()} of, per class top-down, each field as
 * {@code name:code;} ({@code code} is the JVM descriptor letter of a primitive, {@code L} for
 * any reference) followed by {@code |}.
 *
 * <p>Threading: immutable.
 */
final class FieldLayout {

    final Field[] primitives;
    final char[] codes;
    final Field[] references;
    final Class<?>[] referenceTypes;
    final int primitiveBytes;
    final int fingerprint;

    private FieldLayout(List<Field> prims, List<Field> refs, String signature) {
        this.primitives = prims.toArray(new Field[0]);
        this.references = refs.toArray(new Field[0]);
        this.codes = new char[primitives.length];
        int bytes = 0;
        for (int i = 0; i < primitives.length; i++) {
            codes[i] = code(primitives[i].getType());
            bytes += width(codes[i]);
        }
        this.primitiveBytes = bytes;
        this.referenceTypes = new Class<?>[references.length];
        for (int i = 0; i < references.length; i++) {
            referenceTypes[i] = references[i].getType();
        }
        this.fingerprint = signature.hashCode();
    }

    /** Whether the class has no reference fields: its marshaller writes no nested object. */
    boolean isLeaf() {
        return references.length == 0;
    }

    /** The layout of {@code c}; fields are not yet made accessible. */
    static FieldLayout of(Class<?> c) {
        List<Class<?>> levels = new ArrayList<>();
        for (Class<?> k = c; k != null && Serializable.class.isAssignableFrom(k); k = k.getSuperclass()) {
            levels.add(0, k);
        }
        List<Field> prims = new ArrayList<>();
        List<Field> refs = new ArrayList<>();
        StringBuilder sig = new StringBuilder();
        for (Class<?> level : levels) {
            Field[] fields = level.getDeclaredFields();
            Arrays.sort(fields, Comparator.comparing(Field::getName));
            for (Field f : fields) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m)) {
                    continue;
                }
                char code = code(f.getType());
                sig.append(f.getName()).append(':').append(code).append(';');
                (code == 'L' ? refs : prims).add(f);
            }
            sig.append('|');
        }
        return new FieldLayout(prims, refs, sig.toString());
    }

    static char code(Class<?> t) {
        if (!t.isPrimitive()) {
            return 'L';
        }
        if (t == int.class) {
            return 'I';
        } else if (t == long.class) {
            return 'J';
        } else if (t == boolean.class) {
            return 'Z';
        } else if (t == byte.class) {
            return 'B';
        } else if (t == char.class) {
            return 'C';
        } else if (t == short.class) {
            return 'S';
        } else if (t == float.class) {
            return 'F';
        } else {
            return 'D';
        }
    }

    static int width(char code) {
        switch (code) {
            case 'Z': case 'B': return 1;
            case 'C': case 'S': return 2;
            case 'I': case 'F': return 4;
            default: return 8;
        }
    }
}
