package org.karmi.rsa.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import org.karmi.spi.ref.MethodHash;

/**
 * The object the node exports for one service: a {@link Proxy} implementing the exported
 * interfaces (or, for an interface with asynchronous methods, its {@linkplain TwinInterfaces
 * twin}) and {@link Remote}, forwarding every interface call to the service object. A method
 * returning a {@code CompletableFuture}, {@code CompletionStage}, {@code Future} or
 * {@code Promise} ({@code osgi.async}) is awaited, for at most the bound given, and its value
 * (or the exception it failed with) is what the call returns (throws). Its class is defined
 * in a loader that sees the interfaces (the exporting bundle's), so the reference layer
 * resolves argument classes through that bundle. Immutable but for its call counter;
 * thread-safe as the service is.
 */
final class ServiceForwarder implements InvocationHandler {

    private final Object service;
    /** The service interface's method for each method of the exported interfaces, by signature. */
    private final Map<String, Method> targets;
    private final LongSupplier awaitMillis;
    private final LongAdder calls = new LongAdder();

    private ServiceForwarder(Object service, Map<String, Method> targets, LongSupplier awaitMillis) {
        this.service = service;
        this.targets = targets;
        this.awaitMillis = awaitMillis;
    }

    /** What {@link #of} made: the object to export, the interfaces to export it under, its forwarder. */
    record Export(Remote object, List<Class<?>> interfaces, ServiceForwarder forwarder) {
        /** Calls forwarded so far. */
        long calls() {
            return forwarder.calls.sum();
        }
    }

    /**
     * A forwarder to {@code service} implementing {@code interfaces} (an interface with
     * asynchronous methods replaced by its twin), defined in the first of {@code loaders} that
     * sees them all and {@code Remote}.
     *
     * @param awaitMillis the longest wait for an asynchronous result, read at each call
     * @throws IllegalArgumentException if no loader sees every interface
     */
    static Export of(Object service, Class<?>[] interfaces, List<ClassLoader> loaders, LongSupplier awaitMillis) {
        List<Class<?>> all = new ArrayList<>(List.of(interfaces));
        all.add(Remote.class);
        Class<?>[] array = all.toArray(new Class<?>[0]);
        for (ClassLoader l : loaders) {
            if (l != null && sees(l, array)) {
                List<Class<?>> exported = TwinInterfaces.of(List.of(interfaces), l);
                Map<String, Method> targets = new HashMap<>();
                for (Class<?> i : interfaces) {
                    for (Method m : i.getMethods()) {
                        if (!Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != Object.class) {
                            targets.putIfAbsent(MethodHash.signature(m), m);
                        }
                    }
                }
                List<Class<?>> proxied = new ArrayList<>(exported);
                proxied.add(Remote.class);
                ClassLoader loader = firstTwinLoader(exported, l);
                ServiceForwarder f = new ServiceForwarder(service, Map.copyOf(targets), awaitMillis);
                Remote object = (Remote) Proxy.newProxyInstance(loader, proxied.toArray(new Class<?>[0]), f);
                return new Export(object, exported, f);
            }
        }
        throw new IllegalArgumentException("no class loader of the exporting bundle sees every exported interface " + all);
    }

    private static ClassLoader firstTwinLoader(List<Class<?>> exported, ClassLoader otherwise) {
        for (Class<?> c : exported) {
            if (TwinInterfaces.isTwin(c)) {
                return c.getClassLoader();
            }
        }
        return otherwise;
    }

    private static boolean sees(ClassLoader loader, Class<?>[] interfaces) {
        for (Class<?> i : interfaces) {
            try {
                if (Class.forName(i.getName(), false, loader) != i) {
                    return false;
                }
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            switch (method.getName()) {
                case "equals":
                    return proxy == args[0];
                case "hashCode":
                    return System.identityHashCode(proxy);
                default:
                    return "KaRMI export of " + service;
            }
        }
        Method target = TwinInterfaces.isTwin(method.getDeclaringClass()) ? targets.get(MethodHash.signature(method))
                : method;
        if (target == null) { // a twin's karmi$declared method: it only declares types
            throw new UnsupportedOperationException(method.getName() + " is not a method of the service");
        }
        calls.increment();
        Object result;
        try {
            result = target.invoke(service, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        Async.Kind kind = Async.kind(target);
        if (kind == Async.Kind.NONE) {
            return result;
        }
        return Async.await(result, kind, awaitMillis.getAsLong(), "the result of " + target.getName());
    }
}
