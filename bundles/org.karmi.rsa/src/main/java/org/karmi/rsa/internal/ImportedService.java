package org.karmi.rsa.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.UndeclaredThrowableException;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.osgi.framework.ServiceException;

/**
 * The invocation handler of an imported service's proxy: calls the KaRMI stub of the remote
 * object and turns a failure of the remote call ({@link RemoteException}: the node cannot be
 * reached, the connection broke, the object is no longer exported) into the
 * {@link ServiceException} of type {@link ServiceException#REMOTE} the Remote Services
 * specification asks for, unless the method declares {@code RemoteException} (a
 * {@code java.rmi.Remote} interface), where it stays as it is. What the remote method itself
 * threw reaches the caller unchanged. Immutable; thread-safe.
 */
final class ImportedService implements InvocationHandler {

    private final Remote stub;
    private final String endpointId;

    ImportedService(Remote stub, String endpointId) {
        this.stub = stub;
        this.endpointId = endpointId;
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
                    return "KaRMI import of " + endpointId;
            }
        }
        try {
            return method.invoke(stub, args);
        } catch (InvocationTargetException e) {
            Throwable t = e.getCause();
            if (t instanceof UndeclaredThrowableException u && u.getCause() instanceof RemoteException r) {
                t = r;
            }
            if (t instanceof RemoteException r && !declares(method, RemoteException.class)) {
                throw new ServiceException("remote call " + method.getName() + " to " + endpointId + " failed: " + r,
                        ServiceException.REMOTE, r);
            }
            throw t;
        }
    }

    private static boolean declares(Method m, Class<?> exception) {
        for (Class<?> c : m.getExceptionTypes()) {
            if (c.isAssignableFrom(exception)) {
                return true;
            }
        }
        return false;
    }
}
