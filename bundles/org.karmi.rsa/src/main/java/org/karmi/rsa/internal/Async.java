package org.karmi.rsa.internal;

import java.lang.reflect.Method;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The asynchronous return types of intent {@code osgi.async} ({@link CompletableFuture},
 * {@link CompletionStage}, {@link Future}, OSGi {@code org.osgi.util.promise.Promise}): which
 * one a method returns, how the exporting side awaits a service's result, and what the
 * importing side hands its caller. Stateless; thread-safe.
 */
final class Async {

    /** What a method returns, as far as {@code osgi.async} is concerned. */
    enum Kind {
        /** Not an asynchronous type: the call is synchronous. */
        NONE,
        COMPLETABLE_FUTURE,
        COMPLETION_STAGE,
        FUTURE,
        PROMISE
    }

    static final String PROMISE_CLASS = "org.osgi.util.promise.Promise";

    private Async() {
    }

    /** The kind of {@code method}'s return type. */
    static Kind kind(Method method) {
        return kind(method.getReturnType());
    }

    /** The kind of {@code type}: exactly one of the four asynchronous types, else {@link Kind#NONE}. */
    static Kind kind(Class<?> type) {
        if (type == CompletableFuture.class) {
            return Kind.COMPLETABLE_FUTURE;
        }
        if (type == CompletionStage.class) {
            return Kind.COMPLETION_STAGE;
        }
        if (type == Future.class) {
            return Kind.FUTURE;
        }
        if (type.getName().equals(PROMISE_CLASS)) {
            return Kind.PROMISE;
        }
        return Kind.NONE;
    }

    /** Whether any method of {@code iface} returns an asynchronous type. */
    static boolean hasAsyncMethods(Class<?> iface) {
        for (Method m : iface.getMethods()) {
            if (kind(m) != Kind.NONE) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether this provider can hand out and await values of {@code iface}'s asynchronous
     * return types: always, except a {@code Promise} of a package this bundle is not wired to
     * (the OSGi Promise API is an optional import) or wired to another version of.
     */
    static boolean supported(Class<?> iface) {
        for (Method m : iface.getMethods()) {
            if (kind(m) == Kind.PROMISE && !PromiseSupport.available(m.getReturnType())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Exporting side: waits for the service's asynchronous {@code result} and returns its
     * value, or throws what it failed with ({@link ExecutionException} and
     * {@link CompletionException} unwrapped).
     *
     * @param timeoutMillis the longest wait (the node's call timeout or the endpoint's {@code osgi.basic.timeout})
     * @throws TimeoutException naming the bound if it did not complete in time
     */
    static Object await(Object result, Kind kind, long timeoutMillis, String what) throws Throwable {
        if (result == null) {
            return null;
        }
        Future<?> f;
        if (kind == Kind.PROMISE) {
            f = PromiseSupport.toFuture(result);
        } else if (result instanceof CompletionStage<?> s) { // also a CompletableFuture: a minimal stage refuses get()
            CompletableFuture<Object> c = new CompletableFuture<>();
            s.whenComplete((v, t) -> {
                if (t != null) {
                    c.completeExceptionally(t);
                } else {
                    c.complete(v);
                }
            });
            f = c;
        } else {
            f = (Future<?>) result;
        }
        try {
            return f.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw unwrap(e);
        } catch (TimeoutException e) {
            f.cancel(false);
            throw new TimeoutException(what + " did not complete within " + timeoutMillis + " ms");
        } catch (CancellationException e) {
            throw e;
        }
    }

    /** The cause of an {@link ExecutionException} or {@link CompletionException}, nested ones too. */
    static Throwable unwrap(Throwable t) {
        while ((t instanceof ExecutionException || t instanceof CompletionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /**
     * Importing side: what the caller gets for a call whose outcome {@code future} will carry:
     * the future itself for the Java types, a resolved-later {@code Promise} for {@link Kind#PROMISE}.
     */
    static Object handOut(CompletableFuture<Object> future, Kind kind) {
        return kind == Kind.PROMISE ? PromiseSupport.toPromise(future) : future;
    }
}
