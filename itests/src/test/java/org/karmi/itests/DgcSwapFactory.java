package org.karmi.itests;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.server.Unreferenced;
import java.util.concurrent.atomic.AtomicInteger;

import org.karmi.RemoteRuntime;

/** Hands out counters for the collector swap test and reports what the collectors decided about them. */
public interface DgcSwapFactory extends Remote {

    Counter make() throws RemoteException;

    /** A remote counter. */
    interface Counter extends Remote {
        int next() throws RemoteException;
    }

    /** The factory: counts counters made, unreferenced, and called after their unreferenced() (premature). */
    final class Impl implements DgcSwapFactory {
        final AtomicInteger made = new AtomicInteger();
        final AtomicInteger unreferenced = new AtomicInteger();
        final AtomicInteger callsAfterUnreferenced = new AtomicInteger();
        private final RemoteRuntime runtime;

        Impl(RemoteRuntime runtime) {
            this.runtime = runtime;
        }

        @Override
        public Counter make() throws RemoteException {
            made.incrementAndGet();
            return (Counter) runtime.export(new CounterImpl(this));
        }
    }

    /** Counts calls; a call after {@link #unreferenced()} means the collectors let it go too early. */
    final class CounterImpl implements Counter, Unreferenced {
        private final Impl factory;
        private volatile boolean gone;
        private int n;

        CounterImpl(Impl factory) {
            this.factory = factory;
        }

        @Override
        public synchronized int next() {
            if (gone) {
                factory.callsAfterUnreferenced.incrementAndGet();
            }
            return ++n;
        }

        @Override
        public void unreferenced() {
            if (!gone) {
                gone = true;
                factory.unreferenced.incrementAndGet();
            }
        }
    }
}
