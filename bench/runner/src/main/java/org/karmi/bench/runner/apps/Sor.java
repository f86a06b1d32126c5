package org.karmi.bench.runner.apps;

/**
 * Successive over-relaxation, red/black (KaRMI paper, section 6.1 c): the grid, one phase's
 * update, and the sequential run the distributed one must equal bit for bit (within a phase
 * a point depends only on points of the other colour, so the order of updates does not
 * matter). Stateless.
 */
public final class Sor {

    /** Over-relaxation factor. */
    public static final double OMEGA = 1.25;

    private Sor() {
    }

    /** The start grid: boundary 1.0 on the top row, 0.0 elsewhere, a pattern inside. */
    public static double[][] initial(int size) {
        double[][] g = new double[size][size];
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                g[i][j] = i == 0 ? 1.0 : (i == size - 1 || j == 0 || j == size - 1) ? 0.0 : ((i * 7 + j * 3) % 11) / 11.0;
            }
        }
        return g;
    }

    /** Updates the points of colour {@code phase % 2} in row {@code row} of the grid ({@code above}, {@code at}, {@code below} rows). */
    public static void updateRow(int row, int phase, double[] above, double[] at, double[] below) {
        int size = at.length;
        int start = 1 + ((row + phase) & 1);
        for (int j = start; j < size - 1; j += 2) {
            at[j] = OMEGA * 0.25 * (above[j] + below[j] + at[j - 1] + at[j + 1]) + (1 - OMEGA) * at[j];
        }
    }

    /** The sequential run: {@code iterations} red and black phase pairs. */
    public static double[][] sequential(int size, int iterations) {
        double[][] g = initial(size);
        for (int it = 0; it < iterations; it++) {
            for (int phase = 0; phase < 2; phase++) {
                for (int i = 1; i < size - 1; i++) {
                    updateRow(i, phase, g[i - 1], g[i], g[i + 1]);
                }
            }
        }
        return g;
    }
}
