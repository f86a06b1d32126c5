package org.karmi.core.internal;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.Unreferenced;
import java.util.concurrent.atomic.AtomicInteger;

/** Remote interfaces and objects for the collector tests: a factory that hands out counters. */
final class Counters {

    private Counters() {
    }

    /** Makes counters, each a new remote object. */
    public interface Factory extends Remote {
        Counter make() throws RemoteException;
    }

    /** A remote counter. */
    public interface Counter extends Remote {
        int next() throws RemoteException;
    }

    /** Counts how many counters were made and how many were found unreferenced. */
    static final class FactoryImpl implements Factory {
        final AtomicInteger made = new AtomicInteger();
        final AtomicInteger unreferenced = new AtomicInteger();
        private final org.karmi.RemoteRuntime runtime;

        FactoryImpl(org.karmi.RemoteRuntime runtime) {
            this.runtime = runtime;
        }

        /** Exports a new counter and returns its stub: only the object table holds the counter. */
        @Override
        public Counter make() throws RemoteException {
            made.incrementAndGet();
            return (Counter) runtime.export(new CounterImpl(unreferenced));
        }
    }

    /** A counter that reports {@link Unreferenced#unreferenced()} to its factory. */
    static final class CounterImpl implements Counter, Unreferenced {
        private final AtomicInteger unreferencedCount;
        private int n;

        CounterImpl(AtomicInteger unreferencedCount) {
            this.unreferencedCount = unreferencedCount;
        }

        @Override
        public synchronized int next() {
            return ++n;
        }

        @Override
        public void unreferenced() {
            unreferencedCount.incrementAndGet();
        }
    }
}
