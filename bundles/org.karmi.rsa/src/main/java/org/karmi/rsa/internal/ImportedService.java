package org.karmi.rsa.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.lang.reflect.UndeclaredThrowableException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.UnexpectedException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

import org.osgi.framework.ServiceException;

/**
 * The invocation handler of an imported service's proxy: calls the KaRMI stub of the remote
 * object and turns a failure of the remote call ({@link RemoteException}: the node cannot be
 * reached, the connection broke, the object is no longer exported) into the
 * {@link ServiceException} of type {@link ServiceException#REMOTE} the Remote Services
 * specification asks for, unless the method declares {@code RemoteException} (a
 * {@code java.rmi.Remote} interface), where it stays as it is. What the remote method itself
 * threw reaches the caller unchanged.
 *
 * <p>{@code osgi.async}: a method returning {@code CompletableFuture}, {@code CompletionStage},
 * {@code Future} or {@code Promise} returns at once a future (promise) that the call, run on
 * the provider's bounded executor, completes with the value the exporting side awaited, or
 * fails with what the remote method threw (or the {@code ServiceException} of a transport
 * failure). The stub is a proxy (what {@code RemoteRuntime.stubFor} makes), and such a call
 * goes to its handler directly: the result read back is the value, not a future, which the
 * stub's proxy would refuse to return.
 *
 * <p>{@code osgi.basic.timeout} (milliseconds, when positive): a synchronous call runs on the
 * executor while the caller waits at most that long; an asynchronous one fails its future
 * after that long. Either way the failure is a {@code ServiceException} of type
 * {@code REMOTE} naming the timeout; the call itself goes on (the node's call timeout bounds
 * it) and its late outcome is dropped.
 *
 * <p>Immutable but for its call counter; thread-safe.
 */
final class ImportedService implements InvocationHandler {

    private final Remote stub;
    private final InvocationHandler stubHandler;
    private final String endpointId;
    private final Executor executor;
    private final long timeoutMillis;
    private final LongAdder calls;

    /** Synchronous calls only, no timeout: as the first slice made them. */
    ImportedService(Remote stub, String endpointId) {
        this(stub, endpointId, Runnable::run, 0, new LongAdder());
    }

    /**
     * @param executor      runs asynchronous calls, and synchronous ones under a timeout
     * @param timeoutMillis the endpoint's {@code osgi.basic.timeout}; 0 for none
     * @param calls         counts the calls made through this import
     */
    ImportedService(Remote stub, String endpointId, Executor executor, long timeoutMillis, LongAdder calls) {
        this.stub = stub;
        this.stubHandler = Proxy.isProxyClass(stub.getClass()) ? Proxy.getInvocationHandler(stub) : null;
        this.endpointId = endpointId;
        this.executor = executor;
        this.timeoutMillis = timeoutMillis;
        this.calls = calls;
    }

    /** Whether asynchronous methods can be called through {@code stub} (it is a proxy). */
    static boolean supportsAsync(Remote stub) {
        return Proxy.isProxyClass(stub.getClass());
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
        calls.increment();
        Async.Kind kind = Async.kind(method);
        if (kind != Async.Kind.NONE && stubHandler != null) {
            return Async.handOut(callAsync(method, args), kind);
        }
        if (timeoutMillis > 0) {
            return callBounded(method, args);
        }
        return call(method, args);
    }

    private Object call(Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(stub, args);
        } catch (InvocationTargetException e) {
            throw translate(method, e.getCause(), false);
        }
    }

    /** The caller waits at most {@link #timeoutMillis} for a call that runs on the executor. */
    private Object callBounded(Method method, Object[] args) throws Throwable {
        CompletableFuture<Object> f = new CompletableFuture<>();
        submit(f, () -> call(method, args), method);
        try {
            return f.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause();
        } catch (TimeoutException e) {
            throw timedOut(method, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceException("interrupted while waiting for remote call " + method.getName() + " to "
                    + endpointId, ServiceException.REMOTE, e);
        }
    }

    /** A future the call, run on the executor, completes; failed after {@link #timeoutMillis} if there is one. */
    private CompletableFuture<Object> callAsync(Method method, Object[] args) {
        CompletableFuture<Object> f = new CompletableFuture<>();
        submit(f, () -> {
            try {
                return stubHandler.invoke(stub, method, args);
            } catch (Throwable t) {
                throw translate(method, t, true);
            }
        }, method);
        if (timeoutMillis > 0 && !f.isDone()) {
            CompletableFuture.delayedExecutor(timeoutMillis, TimeUnit.MILLISECONDS)
                    .execute(() -> f.completeExceptionally(timedOut(method, null)));
        }
        return f;
    }

    private interface Call {
        Object run() throws Throwable;
    }

    private void submit(CompletableFuture<Object> f, Call call, Method method) {
        try {
            executor.execute(new Task(f, call, "remote call " + method.getName() + " to " + endpointId));
        } catch (RejectedExecutionException e) {
            f.completeExceptionally(new ServiceException("remote call " + method.getName() + " to " + endpointId
                    + " not started: " + e.getMessage(), ServiceException.REMOTE, e));
        }
    }

    /** One call on the executor: completes its future; {@link #abandon}ed if the executor stops first. */
    static final class Task implements Runnable {
        private final CompletableFuture<Object> future;
        private final Call call;
        private final String what;

        Task(CompletableFuture<Object> future, Call call, String what) {
            this.future = future;
            this.call = call;
            this.what = what;
        }

        @Override
        public void run() {
            try {
                future.complete(call.run());
            } catch (Throwable t) {
                future.completeExceptionally(t);
            }
        }

        /** Fails the call that never ran with {@code ServiceException} REMOTE. */
        void abandon(String why) {
            future.completeExceptionally(new ServiceException(what + " not started: " + why, ServiceException.REMOTE));
        }
    }

    private ServiceException timedOut(Method method, Throwable cause) {
        return new ServiceException("remote call " + method.getName() + " to " + endpointId + " exceeded osgi.basic.timeout="
                + timeoutMillis + " ms", ServiceException.REMOTE, cause);
    }

    /**
     * What the caller sees for {@code t}, thrown by the stub: a transport failure as
     * {@code ServiceException} (unless the method declares {@code RemoteException}), the
     * remote method's own exception as it is (for an asynchronous method also when the stub
     * wrapped it, undeclared, in {@link UnexpectedException}: an awaited future's failure).
     */
    private Throwable translate(Method method, Throwable t, boolean async) {
        if (t instanceof UndeclaredThrowableException u && u.getCause() instanceof RemoteException r) {
            t = r;
        }
        if (async && t instanceof UnexpectedException u && u.getCause() instanceof Exception own
                && !(own instanceof RemoteException)) {
            return own;
        }
        if (t instanceof RemoteException r && !declares(method, RemoteException.class)) {
            return new ServiceException("remote call " + method.getName() + " to " + endpointId + " failed: " + r,
                    ServiceException.REMOTE, r);
        }
        return t;
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
