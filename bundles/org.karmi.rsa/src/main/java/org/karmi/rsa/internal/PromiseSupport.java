package org.karmi.rsa.internal;

import java.util.concurrent.CompletableFuture;

import org.osgi.util.promise.Deferred;
import org.osgi.util.promise.Promise;

/**
 * OSGi Promises for {@code osgi.async}, in a class of its own: the Promise API is an optional
 * import of this bundle, and this class is loaded only for a method that returns a
 * {@code Promise}. Stateless; thread-safe.
 */
final class PromiseSupport {

    private PromiseSupport() {
    }

    /** Whether this bundle sees the Promise API, and the same {@code Promise} class as {@code type}. */
    static boolean available(Class<?> type) {
        try {
            return Holder.PROMISE == type;
        } catch (LinkageError e) {
            return false;
        }
    }

    /** A future completed as {@code promise} resolves. */
    static CompletableFuture<Object> toFuture(Object promise) {
        Promise<?> p = (Promise<?>) promise;
        CompletableFuture<Object> f = new CompletableFuture<>();
        p.onResolve(() -> {
            try {
                Throwable failure = p.getFailure();
                if (failure != null) {
                    f.completeExceptionally(failure);
                } else {
                    f.complete(p.getValue());
                }
            } catch (Exception e) { // resolved: neither blocks nor fails; interrupted or wrapped only in theory
                f.completeExceptionally(Async.unwrap(e));
            }
        });
        return f;
    }

    /** A promise resolved as {@code future} completes. */
    static Object toPromise(CompletableFuture<Object> future) {
        Deferred<Object> d = new Deferred<>();
        future.whenComplete((v, t) -> {
            if (t != null) {
                d.fail(Async.unwrap(t));
            } else {
                d.resolve(v);
            }
        });
        return d.getPromise();
    }

    /** Loads the Promise class of this bundle's wiring on first use only. */
    private static final class Holder {
        static final Class<?> PROMISE = Promise.class;
    }
}
