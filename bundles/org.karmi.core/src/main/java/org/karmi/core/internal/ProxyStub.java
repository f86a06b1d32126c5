package org.karmi.core.internal;

import java.io.ObjectStreamException;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.UnexpectedException;
import java.util.Map;

import org.karmi.spi.ref.MethodHash;
import org.karmi.spi.ref.RemoteCall;

/**
 * The stub of a remote interface without a generated one (or of an object with several
 * unrelated remote interfaces): a {@link Proxy} handler that marshals exactly as a
 * generated stub does. Equality and hash code follow the remote object's id (a proxy stub
 * equals every stub of the same object and the exported object itself). The handler is
 * serializable, so the proxy is: outside KaRMI's call streams it is written as a
 * {@link org.karmi.spi.ref.StubReference}, read back as a handler of the reading JVM.
 * Thread-safe.
 */
final class ProxyStub implements InvocationHandler, Serializable {

    private static final long serialVersionUID = 1L;

    final transient RemoteRef ref;
    private final transient Map<Method, Long> hashes;

    /** @param hashes the node's cache of method hashes, shared by its proxies */
    ProxyStub(RemoteRef ref, Map<Method, Long> hashes) {
        this.ref = ref;
        this.hashes = hashes;
    }

    /** The handler of {@code o} if it is a proxy stub, else {@code null}. */
    static ProxyStub of(Object o) {
        if (o != null && Proxy.isProxyClass(o.getClass()) && Proxy.getInvocationHandler(o) instanceof ProxyStub p) {
            return p;
        }
        return null;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        if (method.getDeclaringClass() == Object.class) {
            switch (method.getName()) {
                case "equals":
                    return args[0] == proxy || sameObject(args[0]);
                case "hashCode":
                    return ref.objectId().hashCode();
                case "toString":
                    return "Proxy[" + String.join(",", ref.interfaceNames()) + ", " + ref + "]";
                default:
                    throw new UnsupportedOperationException(method.toString());
            }
        }
        long hash = hashes.computeIfAbsent(method, MethodHash::of);
        RemoteCall call = ref.newCall(hash);
        try {
            Class<?>[] types = method.getParameterTypes();
            int lastObject = types.length - 1;
            while (lastObject >= 0 && types[lastObject].isPrimitive()) {
                lastObject--;
            }
            for (int i = 0; i < types.length; i++) {
                ReflectiveSkeleton.write(call.arguments(), types[i], args[i], i == lastObject);
            }
        } catch (Exception e) {
            throw call.marshalFailed(e);
        }
        try {
            return invoke(call, method.getReturnType());
        } catch (RuntimeException | Error | RemoteException e) {
            throw e;
        } catch (Exception e) {
            for (Class<?> declared : method.getExceptionTypes()) {
                if (declared.isInstance(e)) {
                    throw e;
                }
            }
            throw new UnexpectedException("undeclared checked exception", e);
        }
    }

    /** Whether {@code o} is a stub of this proxy's remote object (not the exported object, as in {@code java.rmi}). */
    private boolean sameObject(Object o) {
        RemoteRef other = StubFactory.refOf(o);
        return other != null && other.objectId().equals(ref.objectId());
    }

    /** Written as the reference's serialized form; resolves to a handler where it is read. */
    private Object writeReplace() throws ObjectStreamException {
        return ref.handlerForm();
    }

    private static Object invoke(RemoteCall call, Class<?> type) throws Exception {
        if (!type.isPrimitive()) {
            return call.invokeObject();
        }
        if (type == void.class) {
            call.invokeVoid();
            return null;
        }
        if (type == int.class) return call.invokeInt();
        if (type == long.class) return call.invokeLong();
        if (type == boolean.class) return call.invokeBoolean();
        if (type == double.class) return call.invokeDouble();
        if (type == float.class) return call.invokeFloat();
        if (type == byte.class) return call.invokeByte();
        if (type == char.class) return call.invokeChar();
        return call.invokeShort();
    }
}
