package org.karmi.core.internal;

import java.rmi.Remote;
import java.rmi.RemoteException;

import org.karmi.core.internal.Counters.Counter;

/** Keeps one counter another node passed it (the third node of an A → B → C pass). */
public interface Keeper extends Remote {

    void keep(Counter counter) throws RemoteException;

    /** Calls the kept counter. */
    int poke() throws RemoteException;

    /** Lets the kept counter go. */
    void drop() throws RemoteException;

    /** The implementation. */
    final class Impl implements Keeper {
        private volatile Counter kept;

        @Override
        public void keep(Counter counter) {
            kept = counter;
        }

        @Override
        public int poke() throws RemoteException {
            return kept.next();
        }

        @Override
        public void drop() {
            kept = null;
        }
    }
}
