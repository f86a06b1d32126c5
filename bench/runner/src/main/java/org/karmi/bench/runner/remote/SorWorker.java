package org.karmi.bench.runner.remote;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * One block of rows of the red/black SOR grid. Neighbours exchange their border rows after
 * every phase by calling {@link #border}.
 */
public interface SorWorker extends Remote {

    /**
     * Takes rows {@code first..first+count-1} of the {@code size x size} grid (boundary rows
     * 0 and size-1 are fixed) and the neighbours above and below ({@code null} at the edge).
     */
    void init(int size, int first, int count, SorWorker above, SorWorker below) throws RemoteException;

    /** Runs {@code iterations} red and black phase pairs, exchanging borders with neighbours. */
    void run(int iterations) throws RemoteException;

    /** A neighbour's border row after {@code phase}; {@code fromAbove} says which neighbour. */
    void border(int phase, boolean fromAbove, double[] row) throws RemoteException;

    /** The block's rows. */
    double[][] rows() throws RemoteException;
}
