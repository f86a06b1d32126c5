package org.karmi.core.internal;

import java.lang.System.Logger.Level;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.karmi.registry.Registry;
import org.karmi.spi.ref.ClientRef;
import org.karmi.spi.ref.RemoteStub;
import org.karmi.spi.ref.Skeleton;
import org.karmi.spi.ref.StubNames;

/**
 * Makes stubs and finds skeletons: the generated ones ({@link StubNames}) when the
 * interface's class loader has them, else a dynamic proxy (logged once per interface) and
 * a reflective skeleton. Caches what it found per interface (set) and per exported class.
 * Thread-safe.
 */
final class StubFactory {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");
    private static final MethodType STUB_CONSTRUCTOR = MethodType.methodType(void.class, ClientRef.class);

    private final Map<List<Class<?>>, Function<RemoteRef, Remote>> makers = new ConcurrentHashMap<>();
    private final Map<Class<?>, Skeleton> skeletons = new ConcurrentHashMap<>();
    private final Map<Class<?>, MethodTable> tables = new ConcurrentHashMap<>();
    private final Map<Method, Long> proxyHashes = new ConcurrentHashMap<>();
    private final Set<String> logged = ConcurrentHashMap.newKeySet();

    /** A stub implementing {@code interfaces} (the remote interfaces of the object) over {@code ref}. */
    Remote stub(RemoteRef ref, List<Class<?>> interfaces) {
        return makers.computeIfAbsent(List.copyOf(interfaces), this::maker).apply(ref);
    }

    /** Whether {@code o} is a stub this factory (or the code generator) made. */
    static RemoteRef refOf(Object o) {
        if (o instanceof RemoteStub s && s.karmiRef() instanceof RemoteRef r) {
            return r;
        }
        ProxyStub p = ProxyStub.of(o);
        return p == null ? null : p.ref;
    }

    private Function<RemoteRef, Remote> maker(List<Class<?>> interfaces) {
        if (interfaces.size() == 1) {
            Class<?> iface = interfaces.get(0);
            if (iface == Registry.class) {
                return RegistryStub::new;
            }
            MethodHandle generated = generatedStub(iface);
            if (generated != null) {
                return ref -> {
                    try {
                        return (Remote) generated.invoke((ClientRef) ref);
                    } catch (RuntimeException | Error e) {
                        throw e;
                    } catch (Throwable t) {
                        throw new IllegalStateException("generated stub of " + iface.getName() + " failed: " + t, t);
                    }
                };
            }
        }
        for (Class<?> i : interfaces) {
            if (Remote.class.isAssignableFrom(i) && logged.add(i.getName())) {
                LOG.log(Level.INFO, "no generated stub for {0}: using a dynamic proxy (compile the interface with "
                        + "org.karmi.codegen on the annotation processor path to generate one)", i.getName());
            }
        }
        Class<?>[] array = proxyInterfaces(interfaces);
        ClassLoader loader = proxyLoader(array);
        return ref -> (Remote) Proxy.newProxyInstance(loader, array, new ProxyStub(ref, proxyHashes));
    }

    /**
     * The interfaces of a proxy stub: the given ones, and {@link Remote} as well when one of
     * them does not extend it (a plain interface exported for OSGi Remote Services), so that
     * the proxy is still a stub.
     */
    private static Class<?>[] proxyInterfaces(List<Class<?>> interfaces) {
        boolean remote = !interfaces.isEmpty();
        for (Class<?> i : interfaces) {
            remote &= Remote.class.isAssignableFrom(i);
        }
        List<Class<?>> all = new ArrayList<>(interfaces);
        if (!remote) {
            all.add(Remote.class);
        }
        return all.toArray(new Class<?>[0]);
    }

    private static ClassLoader proxyLoader(Class<?>[] interfaces) {
        for (Class<?> candidate : interfaces) {
            ClassLoader l = candidate.getClassLoader();
            if (sees(l, interfaces)) {
                return l;
            }
        }
        return interfaces[0].getClassLoader();
    }

    private static boolean sees(ClassLoader loader, Class<?>[] interfaces) {
        for (Class<?> i : interfaces) {
            try {
                if (Class.forName(i.getName(), false, loader) != i) {
                    return false;
                }
            } catch (ClassNotFoundException e) {
                return false;
            }
        }
        return true;
    }

    private static MethodHandle generatedStub(Class<?> iface) {
        Class<?> c = load(iface, StubNames.stubName(iface.getName()));
        if (c == null || !RemoteStub.class.isAssignableFrom(c) || !iface.isAssignableFrom(c)) {
            return null;
        }
        try {
            return MethodHandles.publicLookup().findConstructor(c, STUB_CONSTRUCTOR);
        } catch (ReflectiveOperationException e) {
            LOG.log(Level.WARNING, "generated stub {0} has no public constructor (ClientRef): {1}", c.getName(), e);
            return null;
        }
    }

    private static Class<?> load(Class<?> iface, String name) {
        try {
            return Class.forName(name, true, iface.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /** The skeleton of a remote interface: generated if present, else reflective. */
    Skeleton skeleton(Class<?> iface) {
        return skeletons.computeIfAbsent(iface, i -> {
            Class<?> c = load(i, StubNames.skeletonName(i.getName()));
            if (c != null && Skeleton.class.isAssignableFrom(c)) {
                try {
                    Skeleton s = (Skeleton) c.getConstructor().newInstance();
                    if (s.remoteInterface() == i) {
                        return s;
                    }
                } catch (ReflectiveOperationException | RuntimeException e) {
                    LOG.log(Level.WARNING, "generated skeleton {0} unusable, using reflection: {1}", c.getName(), e);
                }
            }
            return new ReflectiveSkeleton(i);
        });
    }

    /**
     * The method table of an exported class over all its remote interfaces; empty for a
     * class that implements {@link Remote} directly and no interface extending it (its stub
     * implements {@code Remote} only, as {@code java.rmi} makes it).
     */
    MethodTable methods(Class<?> type, List<Class<?>> interfaces) {
        MethodTable t = tables.get(type);
        if (t == null) {
            List<Skeleton> all = new ArrayList<>();
            for (Class<?> i : interfaces) {
                all.add(skeleton(i));
            }
            t = new MethodTable(all.toArray(new Skeleton[0]));
            tables.putIfAbsent(type, t);
        }
        return t;
    }

    /**
     * The method table of an object exported under {@code interfaces} named by its exporter
     * ({@link KarmiNode#exportAs}): not cached per class, since one class may be exported under
     * different interfaces (the skeletons are cached per interface).
     */
    MethodTable methods(List<Class<?>> interfaces) {
        List<Skeleton> all = new ArrayList<>();
        for (Class<?> i : interfaces) {
            all.add(skeleton(i));
        }
        return new MethodTable(all.toArray(new Skeleton[0]));
    }

    /** A new proxy-stub invocation handler over {@code ref} (a proxy's serialized handler read back). */
    InvocationHandler proxyHandler(RemoteRef ref) {
        return new ProxyStub(ref, proxyHashes);
    }
}
