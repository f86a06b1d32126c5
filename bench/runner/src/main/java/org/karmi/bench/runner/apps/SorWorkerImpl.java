package org.karmi.bench.runner.apps;

import java.rmi.RemoteException;
import java.util.HashMap;
import java.util.Map;

import org.karmi.bench.runner.remote.SorWorker;

/**
 * A block of SOR rows with a ghost row above and below. After each phase it sends its first
 * row to the neighbour above and its last row to the neighbour below, then waits for theirs.
 * {@link #border} may be called by neighbours while {@link #run} runs. Thread-safe.
 */
public final class SorWorkerImpl implements SorWorker {

    private static final long BORDER_TIMEOUT_MS = 60_000;

    private int size;
    private int first;
    private double[][] rows; // rows[0] and rows[count+1] are ghosts
    private SorWorker above;
    private SorWorker below;
    private final Map<Integer, double[]> fromAbove = new HashMap<>();
    private final Map<Integer, double[]> fromBelow = new HashMap<>();

    @Override
    public synchronized void init(int gridSize, int firstRow, int count, SorWorker up, SorWorker down) {
        this.size = gridSize;
        this.first = firstRow;
        this.above = up;
        this.below = down;
        double[][] g = Sor.initial(gridSize);
        rows = new double[count + 2][];
        for (int i = 0; i < count + 2; i++) {
            rows[i] = g[firstRow - 1 + i].clone();
        }
        fromAbove.clear();
        fromBelow.clear();
    }

    @Override
    public void run(int iterations) throws RemoteException {
        double[][] r;
        synchronized (this) {
            r = rows;
        }
        int count = r.length - 2;
        int phase = 0;
        for (int it = 0; it < iterations; it++) {
            for (int colour = 0; colour < 2; colour++, phase++) {
                for (int i = 1; i <= count; i++) {
                    Sor.updateRow(first + i - 1, colour, r[i - 1], r[i], r[i + 1]);
                }
                if (above != null) {
                    above.border(phase, false, r[1].clone());
                }
                if (below != null) {
                    below.border(phase, true, r[count].clone());
                }
                if (above != null) {
                    r[0] = await(fromAbove, phase);
                }
                if (below != null) {
                    r[count + 1] = await(fromBelow, phase);
                }
            }
        }
    }

    private synchronized double[] await(Map<Integer, double[]> slots, int phase) throws RemoteException {
        long deadline = System.nanoTime() + BORDER_TIMEOUT_MS * 1_000_000;
        double[] row;
        while ((row = slots.remove(phase)) == null) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new RemoteException("SOR: no border row for phase " + phase + " within " + BORDER_TIMEOUT_MS + " ms");
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RemoteException("SOR: interrupted");
            }
        }
        return row;
    }

    @Override
    public synchronized void border(int phase, boolean fromAboveNeighbour, double[] row) {
        (fromAboveNeighbour ? fromAbove : fromBelow).put(phase, row);
        notifyAll();
    }

    @Override
    public synchronized double[][] rows() {
        double[][] out = new double[rows.length - 2][];
        for (int i = 0; i < out.length; i++) {
            out[i] = rows[i + 1];
        }
        return out;
    }

    /** The grid size given to {@link #init}. */
    public synchronized int size() {
        return size;
    }
}
