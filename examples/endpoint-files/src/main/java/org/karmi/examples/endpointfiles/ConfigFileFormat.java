package org.karmi.examples.endpointfiles;

import java.lang.reflect.Array;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes properties in the typed format of Apache Felix's {@code .config} files, which File
 * Install reads into Configuration Admin with their types: one {@code key=value} line per
 * property, a value as {@code T"text"} where the type code {@code T} is left out for a String,
 * {@code L} for a Long, {@code I} an Integer, {@code Z} a Boolean, {@code S} a Short,
 * {@code X} a Byte, {@code C} a Character; {@code T[ "a", "b" ]} for an array (lower-case codes
 * for primitive arrays), {@code T( "a", "b" )} for a collection. Floating-point values and any
 * other type are written as their String (the format stores floats as raw bits; endpoint
 * properties rarely hold them). Stateless and thread-safe.
 */
final class ConfigFileFormat {

    private ConfigFileFormat() {
    }

    /** The file's text: a comment line, then the properties sorted by key. */
    static String write(String comment, Map<String, ?> properties) {
        StringBuilder out = new StringBuilder();
        out.append("# ").append(comment.replace('\n', ' ')).append('\n');
        for (Map.Entry<String, ?> e : new TreeMap<String, Object>(properties).entrySet()) {
            if (e.getValue() == null) {
                continue;
            }
            out.append(e.getKey()).append('=');
            value(out, e.getValue());
            out.append('\n');
        }
        return out.toString();
    }

    private static void value(StringBuilder out, Object v) {
        if (v.getClass().isArray()) {
            Class<?> component = v.getClass().getComponentType();
            char code = code(component.isPrimitive() ? box(component) : component);
            if (code != 0) {
                out.append(component.isPrimitive() ? Character.toLowerCase(code) : code);
            }
            out.append('[');
            for (int i = 0, n = Array.getLength(v); i < n; i++) {
                out.append(i == 0 ? " " : ", ");
                quoted(out, Array.get(v, i));
            }
            out.append(" ]");
        } else if (v instanceof Collection<?> c) {
            char code = c.isEmpty() ? 0 : common(c);
            if (code != 0) {
                out.append(code);
            }
            out.append('(');
            int i = 0;
            for (Object o : c) {
                out.append(i++ == 0 ? " " : ", ");
                quoted(out, o);
            }
            out.append(" )");
        } else {
            char code = code(v.getClass());
            if (code != 0) {
                out.append(code);
            }
            quoted(out, v);
        }
    }

    /** The type code shared by every element, or 0 (Strings) when they differ. */
    private static char common(Collection<?> c) {
        char code = 0;
        boolean first = true;
        for (Object o : c) {
            char k = o == null ? 0 : code(o.getClass());
            if (first) {
                code = k;
                first = false;
            } else if (k != code) {
                return 0;
            }
        }
        return code;
    }

    /** The type code of a boxed type; 0 means String. */
    private static char code(Class<?> type) {
        if (type == Long.class) {
            return 'L';
        } else if (type == Integer.class) {
            return 'I';
        } else if (type == Boolean.class) {
            return 'Z';
        } else if (type == Short.class) {
            return 'S';
        } else if (type == Byte.class) {
            return 'X';
        } else if (type == Character.class) {
            return 'C';
        }
        return 0;
    }

    private static Class<?> box(Class<?> primitive) {
        return Array.get(Array.newInstance(primitive, 1), 0).getClass();
    }

    private static void quoted(StringBuilder out, Object o) {
        String s = String.valueOf(o);
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"', '\\' -> out.append('\\').append(c);
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
