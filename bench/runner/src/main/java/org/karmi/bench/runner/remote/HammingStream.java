package org.karmi.bench.runner.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * One multiplier of Hamming's problem: it keeps its own copy of the sequence found so far
 * and offers the next multiple of its prime. Primitive arguments only.
 */
public interface HammingStream extends Remote {

    /** Starts over with {@code prime} and the sequence {1}. */
    void reset(long prime) throws RemoteException;

    /** The smallest multiple of the prime and a sequence member not yet appended. */
    long peek() throws RemoteException;

    /** Appends the next sequence member. */
    void append(long value) throws RemoteException;
}
