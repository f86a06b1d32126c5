package org.karmi.rsa.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.util.ArrayList;
import java.util.List;

/**
 * The object the node exports for one service: a {@link Proxy} implementing the exported
 * interfaces and {@link Remote}, forwarding every interface call to the service object. Its
 * class is defined in a loader that sees the interfaces (the exporting bundle's), so the
 * reference layer resolves argument classes through that bundle. Immutable; thread-safe as the
 * service is.
 */
final class ServiceForwarder implements InvocationHandler {

    private final Object service;

    private ServiceForwarder(Object service) {
        this.service = service;
    }

    /**
     * A forwarder to {@code service} implementing {@code interfaces}, defined in the first of
     * {@code loaders} that sees them all and {@code Remote}.
     *
     * @throws IllegalArgumentException if no loader sees every interface
     */
    static Remote of(Object service, Class<?>[] interfaces, List<ClassLoader> loaders) {
        List<Class<?>> all = new ArrayList<>(List.of(interfaces));
        all.add(Remote.class);
        Class<?>[] array = all.toArray(new Class<?>[0]);
        for (ClassLoader l : loaders) {
            if (l != null && sees(l, array)) {
                return (Remote) Proxy.newProxyInstance(l, array, new ServiceForwarder(service));
            }
        }
        throw new IllegalArgumentException("no class loader of the exporting bundle sees every exported interface " + all);
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
        try {
            return method.invoke(service, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
