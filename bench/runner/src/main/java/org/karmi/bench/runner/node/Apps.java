package org.karmi.bench.runner.node;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.karmi.bench.runner.apps.Hamming;
import org.karmi.bench.runner.apps.ParaffinAlgorithms;
import org.karmi.bench.runner.apps.ParaffinMaster;
import org.karmi.bench.runner.apps.Sor;
import org.karmi.bench.runner.remote.AppHost;
import org.karmi.bench.runner.remote.HammingStream;
import org.karmi.bench.runner.remote.ParaffinWorker;
import org.karmi.bench.runner.remote.SorWorker;

/**
 * Runs one small application from the driving client node over the other nodes' workers and
 * checks its answer against the sequential run. Reply: {@code nanos correct detail}.
 */
final class Apps {

    private Apps() {
    }

    /**
     * {@code app hamming primes limit}, {@code app paraffin n} or {@code app sor size iterations};
     * {@code peers} are the app hosts of the server and the other client nodes.
     */
    static String run(String[] cmd, List<AppHost> peers, AppHostImpl self, RmiSystem rmi, ExecutorService pool)
            throws Exception {
        switch (cmd[1]) {
            case "hamming":
                return hamming(Integer.parseInt(cmd[2]), Long.parseLong(cmd[3]), peers, pool);
            case "paraffin":
                return paraffin(Integer.parseInt(cmd[2]), peers, pool);
            case "sor":
                return sor(Integer.parseInt(cmd[2]), Integer.parseInt(cmd[3]), peers, self, pool);
            default:
                throw new IllegalArgumentException("unknown application " + cmd[1]);
        }
    }

    private static String hamming(int primeCount, long limit, List<AppHost> peers, ExecutorService pool) throws Exception {
        long[] primes = Hamming.everySecondPrime(primeCount);
        List<HammingStream> streams = new ArrayList<>();
        for (int i = 0; i < primeCount; i++) {
            streams.add(peers.get(i % peers.size()).hamming(i));
        }
        List<Long> expected = Hamming.sequential(primes, limit);
        long t0 = System.nanoTime();
        List<Long> got = Hamming.distributed(streams, primes, limit, pool);
        long ns = System.nanoTime() - t0;
        return ns + " " + got.equals(expected) + " " + got.size() + "-numbers";
    }

    private static String paraffin(int n, List<AppHost> peers, ExecutorService pool) throws Exception {
        List<ParaffinWorker> workers = new ArrayList<>();
        for (AppHost p : peers) {
            workers.add(p.paraffin());
        }
        List<List<String>> expected = ParaffinAlgorithms.sequential(n);
        long t0 = System.nanoTime();
        List<List<String>> got = new ParaffinMaster(workers, pool).run(n);
        long ns = System.nanoTime() - t0;
        boolean correct = got.equals(expected);
        for (int m = 1; m <= n && m <= ParaffinAlgorithms.KNOWN_COUNTS.length; m++) {
            correct &= got.get(m - 1).size() == ParaffinAlgorithms.KNOWN_COUNTS[m - 1];
        }
        return ns + " " + correct + " " + got.get(n - 1).size() + "-isomers-of-C" + n;
    }

    private static String sor(int size, int iterations, List<AppHost> peers, AppHostImpl self, ExecutorService pool)
            throws Exception {
        // blocks of rows, top to bottom: this node, then the peers
        List<SorWorker> workers = new ArrayList<>();
        workers.add(self.sor());
        for (AppHost p : peers) {
            workers.add(p.sor());
        }
        int p = workers.size();
        int interior = size - 2;
        int first = 1;
        for (int i = 0; i < p; i++) {
            int count = interior / p + (i < interior % p ? 1 : 0);
            SorWorker above = i == 0 ? null : workers.get(i - 1);
            SorWorker below = i == p - 1 ? null : workers.get(i + 1);
            if (i == 0) {
                self.sorWorker.init(size, first, count, above, below);
            } else {
                workers.get(i).init(size, first, count, above, below);
            }
            first += count;
        }
        double[][] expected = Sor.sequential(size, iterations);
        long t0 = System.nanoTime();
        List<Future<Object>> runs = new ArrayList<>();
        for (int i = 0; i < p; i++) {
            SorWorker w = i == 0 ? self.sorWorker : workers.get(i);
            runs.add(pool.submit(() -> {
                w.run(iterations);
                return null;
            }));
        }
        for (Future<Object> f : runs) {
            try {
                f.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception ex ? ex : e;
            }
        }
        long ns = System.nanoTime() - t0;
        List<double[]> rows = new ArrayList<>();
        rows.add(expected[0]);
        for (int i = 0; i < p; i++) {
            double[][] block = i == 0 ? self.sorWorker.rows() : workers.get(i).rows();
            rows.addAll(Arrays.asList(block));
        }
        rows.add(expected[size - 1]);
        boolean correct = rows.size() == size;
        for (int i = 0; correct && i < size; i++) {
            correct = Arrays.equals(rows.get(i), expected[i]);
        }
        return ns + " " + correct + " " + size + "x" + size + "-grid-" + p + "-nodes";
    }
}
