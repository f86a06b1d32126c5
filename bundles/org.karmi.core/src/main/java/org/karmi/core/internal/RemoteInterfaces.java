package org.karmi.core.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.karmi.spi.ref.MethodHash;

/**
 * Finds the remote interfaces of a class (interfaces extending {@link Remote}) and the remote
 * methods of an interface, with their hashes. Stateless; thread-safe.
 */
final class RemoteInterfaces {

    private RemoteInterfaces() {
    }

    /**
     * The remote interfaces {@code type} implements, most derived only (an interface that
     * another one in the set extends is left out), in declaration order.
     */
    static List<Class<?>> of(Class<?> type) {
        Set<Class<?>> all = new LinkedHashSet<>();
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (Class<?> i : c.getInterfaces()) {
                collect(i, all);
            }
        }
        if (type.isInterface()) {
            collect(type, all);
        }
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> i : all) {
            boolean covered = false;
            for (Class<?> j : all) {
                if (j != i && i.isAssignableFrom(j)) {
                    covered = true;
                    break;
                }
            }
            if (!covered) {
                out.add(i);
            }
        }
        return out;
    }

    private static void collect(Class<?> i, Set<Class<?>> into) {
        if (i != Remote.class && Remote.class.isAssignableFrom(i)) {
            into.add(i);
        }
    }

    /**
     * The remote methods of {@code iface}, inherited ones included, one per hash, in a
     * stable order (sorted by signature): abstract and default instance methods.
     */
    static Map<Long, Method> methods(Class<?> iface) {
        Map<String, Method> bySignature = new java.util.TreeMap<>();
        for (Method m : iface.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class) {
                continue;
            }
            bySignature.putIfAbsent(MethodHash.signature(m), m);
        }
        Map<Long, Method> out = new LinkedHashMap<>();
        for (Map.Entry<String, Method> e : bySignature.entrySet()) {
            out.put(MethodHash.of(e.getKey()), e.getValue());
        }
        return out;
    }
}
