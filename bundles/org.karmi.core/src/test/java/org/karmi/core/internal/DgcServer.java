package org.karmi.core.internal;

import java.lang.management.ManagementFactory;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.karmi.core.internal.Counters.Counter;
import org.karmi.core.internal.Counters.FactoryImpl;

/** The server of the multi-JVM collector tests: hands out counters and reports what became of them. */
public interface DgcServer extends Remote {

    /** Exports a new counter and returns its stub. */
    Counter make() throws RemoteException;

    /** Counters whose {@code unreferenced()} ran. */
    int unreferenced() throws RemoteException;

    /** Objects in the server's table, registry and this server included. */
    int exported() throws RemoteException;

    /** Heap in use after a few full collections, in bytes. */
    long usedHeapAfterGc() throws RemoteException;

    /** The server object: a {@link FactoryImpl} and its node. */
    final class Impl implements DgcServer {
        private final KarmiNode node;
        private final FactoryImpl factory;

        Impl(KarmiNode node) {
            this.node = node;
            this.factory = new FactoryImpl(node);
        }

        @Override
        public Counter make() throws RemoteException {
            return factory.make();
        }

        @Override
        public int unreferenced() {
            return factory.unreferenced.get();
        }

        @Override
        public int exported() {
            return node.exportedCount();
        }

        @Override
        public long usedHeapAfterGc() {
            for (int i = 0; i < 4; i++) {
                System.gc();
                try {
                    Thread.sleep(50); // lets the Cleaner run the table's removals between collections
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }
    }
}
