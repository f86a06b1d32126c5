package org.karmi.rsa.internal;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.karmi.spi.ref.MethodHash;
import org.karmi.spi.serial.TypeClasses;

/**
 * The twin of a service interface with asynchronous methods ({@link Async}), which the
 * exporting side exports in its place: an interface generated at run time with the same
 * methods (name and parameter types, hence the same method hashes), where a method returning
 * an asynchronous type returns {@code Object} instead, so that the forwarder can hand the
 * reference layer the awaited value (a {@code CompletableFuture} cannot be serialized, and a
 * proxy must return what the method declares). Every twin method declares
 * {@code java.lang.Exception}, so the forwarding proxy passes a service's checked exception
 * (for instance the failure of its future) as it is. Since the reference layer allows in
 * arguments the types the exported interfaces declare, the twin also declares methods
 * {@code karmi$declaredN(...)} whose parameters are every class the original's generic
 * signatures name: the twin allows exactly what the original allows. Nobody calls those.
 *
 * <p>The twins of one export live in a class loader of their own, which resolves every class
 * the originals name to the very class the originals use and anything else through the
 * exporting bundle's loader. Stateless; thread-safe.
 */
final class TwinInterfaces {

    /** Prefix of every twin's binary name, before the original's. */
    static final String PREFIX = "org.karmi.rsa.twin.";
    /** Name prefix of the methods that only declare the original's types. */
    static final String DECLARED = "karmi$declared";
    /** Most classes one declaring method names (a method has at most 255 parameter slots). */
    private static final int PER_METHOD = 200;

    private TwinInterfaces() {
    }

    /**
     * For each of {@code interfaces}, itself if it has no asynchronous method, else its twin,
     * defined in a new loader over {@code parent}.
     */
    static List<Class<?>> of(List<Class<?>> interfaces, ClassLoader parent) {
        boolean any = false;
        for (Class<?> i : interfaces) {
            any |= Async.hasAsyncMethods(i);
        }
        if (!any) {
            return interfaces;
        }
        Map<String, Class<?>> known = new HashMap<>();
        known.put(Remote.class.getName(), Remote.class);
        known.put(Object.class.getName(), Object.class);
        known.put(Exception.class.getName(), Exception.class);
        Map<String, byte[]> twins = new LinkedHashMap<>();
        for (Class<?> i : interfaces) {
            known.put(i.getName(), i);
            if (Async.hasAsyncMethods(i)) {
                twins.put(PREFIX + i.getName(), classFile(PREFIX + i.getName(), i, known));
            }
        }
        Loader loader = new Loader(parent, known, twins);
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> i : interfaces) {
            if (twins.containsKey(PREFIX + i.getName())) {
                try {
                    out.add(loader.loadClass(PREFIX + i.getName()));
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException("twin of " + i.getName() + " not defined", e);
                }
            } else {
                out.add(i);
            }
        }
        return out;
    }

    /** Whether {@code c} is a twin this class made. */
    static boolean isTwin(Class<?> c) {
        return c.getClassLoader() instanceof Loader;
    }

    /** The class file of the twin of {@code iface}; adds every class it names to {@code known}. */
    private static byte[] classFile(String name, Class<?> iface, Map<String, Class<?>> known) {
        Map<String, Method> bySignature = new LinkedHashMap<>();
        Set<Class<?>> declared = new LinkedHashSet<>();
        for (Method m : iface.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) || m.getDeclaringClass() == Object.class) {
                continue;
            }
            String sig = MethodHash.signature(m);
            Method seen = bySignature.get(sig);
            if (seen == null || seen.getReturnType().isAssignableFrom(m.getReturnType())) {
                bySignature.put(sig, m); // the most specific return type, as a proxy picks it
            }
            for (Type t : m.getGenericParameterTypes()) {
                TypeClasses.collect(t, declared);
            }
            TypeClasses.collect(m.getGenericReturnType(), declared);
            for (Type t : m.getGenericExceptionTypes()) {
                TypeClasses.collect(t, declared);
            }
        }
        declared.remove(void.class);
        ClassWriter w = new ClassWriter(name);
        for (Method m : bySignature.values()) {
            Class<?> ret = Async.kind(m) == Async.Kind.NONE ? m.getReturnType() : Object.class;
            note(ret, known);
            for (Class<?> p : m.getParameterTypes()) {
                note(p, known);
            }
            w.method(m.getName(), m.getParameterTypes(), ret);
        }
        List<Class<?>> all = new ArrayList<>();
        for (Class<?> c : declared) {
            if (!c.isPrimitive() && !c.isArray() && !c.isHidden()) {
                note(c, known);
                all.add(c);
            }
        }
        for (int from = 0, n = 0; from < all.size(); from += PER_METHOD, n++) {
            w.method(DECLARED + n, all.subList(from, Math.min(all.size(), from + PER_METHOD)).toArray(new Class<?>[0]),
                    void.class);
        }
        return w.bytes();
    }

    private static void note(Class<?> c, Map<String, Class<?>> known) {
        while (c.isArray()) {
            c = c.getComponentType();
        }
        if (!c.isPrimitive()) {
            known.put(c.getName(), c);
        }
    }

    /** The loader of one export's twins. */
    static final class Loader extends ClassLoader {
        static {
            registerAsParallelCapable();
        }

        private final Map<String, Class<?>> known;
        private final Map<String, byte[]> twins;

        Loader(ClassLoader parent, Map<String, Class<?>> known, Map<String, byte[]> twins) {
            super("karmi-rsa-twins", parent);
            this.known = Map.copyOf(known);
            this.twins = Map.copyOf(twins);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            Class<?> c = known.get(name);
            if (c != null) {
                return c;
            }
            synchronized (getClassLoadingLock(name)) {
                c = findLoadedClass(name);
                if (c == null) {
                    byte[] b = twins.get(name);
                    if (b != null) {
                        c = defineClass(name, b, 0, b.length);
                    }
                }
            }
            return c != null ? c : super.loadClass(name, resolve);
        }
    }

    /**
     * Writes the class file of a public interface with public abstract methods, each declaring
     * {@code java.lang.Exception} (Java 17 class file version; no generic signatures).
     */
    static final class ClassWriter {
        private static final int ACC_PUBLIC = 0x0001;
        private static final int ACC_INTERFACE = 0x0200;
        private static final int ACC_ABSTRACT = 0x0400;

        private final ByteArrayOutputStream pool = new ByteArrayOutputStream();
        private final DataOutputStream cp = new DataOutputStream(pool);
        private final Map<String, Integer> utf8 = new HashMap<>();
        private final Map<String, Integer> classes = new HashMap<>();
        private int count = 1;
        private final ByteArrayOutputStream methods = new ByteArrayOutputStream();
        private final DataOutputStream ms = new DataOutputStream(methods);
        private int methodCount;
        private final int thisClass;
        private final int superClass;
        private final int exception;

        ClassWriter(String name) {
            thisClass = classRef(name.replace('.', '/'));
            superClass = classRef("java/lang/Object");
            exception = classRef("java/lang/Exception");
        }

        void method(String name, Class<?>[] params, Class<?> ret) {
            StringBuilder d = new StringBuilder("(");
            for (Class<?> p : params) {
                d.append(descriptor(p));
            }
            d.append(')').append(descriptor(ret));
            try {
                ms.writeShort(ACC_PUBLIC | ACC_ABSTRACT);
                ms.writeShort(utf8(name));
                ms.writeShort(utf8(d.toString()));
                ms.writeShort(1);
                ms.writeShort(utf8("Exceptions"));
                ms.writeInt(4);
                ms.writeShort(1);
                ms.writeShort(exception);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            methodCount++;
        }

        byte[] bytes() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            DataOutputStream o = new DataOutputStream(out);
            try {
                o.writeInt(0xCAFEBABE);
                o.writeShort(0);
                o.writeShort(61);
                o.writeShort(count);
                o.write(pool.toByteArray());
                o.writeShort(ACC_PUBLIC | ACC_INTERFACE | ACC_ABSTRACT);
                o.writeShort(thisClass);
                o.writeShort(superClass);
                o.writeShort(0); // interfaces
                o.writeShort(0); // fields
                o.writeShort(methodCount);
                o.write(methods.toByteArray());
                o.writeShort(0); // attributes
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return out.toByteArray();
        }

        static String descriptor(Class<?> c) {
            if (c.isArray()) {
                return c.getName().replace('.', '/');
            }
            if (c.isPrimitive()) {
                return switch (c.getName()) {
                    case "void" -> "V";
                    case "boolean" -> "Z";
                    case "byte" -> "B";
                    case "char" -> "C";
                    case "short" -> "S";
                    case "int" -> "I";
                    case "long" -> "J";
                    case "float" -> "F";
                    case "double" -> "D";
                    default -> throw new IllegalArgumentException(c.getName());
                };
            }
            return "L" + c.getName().replace('.', '/') + ";";
        }

        private int utf8(String s) {
            Integer i = utf8.get(s);
            if (i == null) {
                try {
                    cp.writeByte(1);
                    cp.writeUTF(s);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                i = count++;
                utf8.put(s, i);
            }
            return i;
        }

        private int classRef(String internalName) {
            Integer i = classes.get(internalName);
            if (i == null) {
                int n = utf8(internalName);
                try {
                    cp.writeByte(7);
                    cp.writeShort(n);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                i = count++;
                classes.put(internalName, i);
            }
            return i;
        }
    }
}
