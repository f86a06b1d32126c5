package org.karmi.bench.runner.apps;

import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.karmi.bench.runner.remote.ParaffinWorker;

/**
 * The master of distributed Paraffin generation: hands the tasks of each size to the workers
 * (a thread per worker takes the next task), sends radical sets as arguments and receives
 * radicals and paraffins as results.
 */
public final class ParaffinMaster {

    private final List<ParaffinWorker> workers;
    private final ExecutorService pool;

    public ParaffinMaster(List<ParaffinWorker> workers, ExecutorService pool) {
        this.workers = workers;
        this.pool = pool;
    }

    /** For every size 1..n the sorted canonical texts of its paraffins. */
    public List<List<String>> run(int n) throws Exception {
        List<Radical[]> bySize = new ArrayList<>();
        bySize.add(new Radical[] {Radical.HYDROGEN});
        for (int s = 1; s <= n / 2; s++) {
            List<Radical[]> parts = farm(ParaffinAlgorithms.radicalTasks(s), (w, t) ->
                    w.radicals(bySize.get(t[0]), bySize.get(t[1]), bySize.get(t[2])));
            List<Radical> all = new ArrayList<>();
            parts.forEach(p -> Collections.addAll(all, p));
            ParaffinAlgorithms.number(all);
            bySize.add(all.toArray(new Radical[0]));
        }
        List<List<String>> result = new ArrayList<>();
        for (int m = 1; m <= n; m++) {
            List<int[]> tasks = new ArrayList<>(ParaffinAlgorithms.carbonTasks(m));
            if (m % 2 == 0) {
                tasks.add(new int[] {m / 2});
            }
            List<Paraffin[]> parts = farm(tasks, (w, t) -> t.length == 1
                    ? w.bondCentred(bySize.get(t[0]))
                    : w.carbonCentred(bySize.get(t[0]), bySize.get(t[1]), bySize.get(t[2]), bySize.get(t[3])));
            List<String> texts = new ArrayList<>();
            for (Paraffin[] ps : parts) {
                for (Paraffin p : ps) {
                    texts.add(p.canonical());
                }
            }
            texts.sort(null);
            result.add(texts);
        }
        return result;
    }

    private interface Task<T> {
        T run(ParaffinWorker worker, int[] sizes) throws RemoteException;
    }

    /** Runs the tasks on the workers, a thread per worker taking the next task; results in task order. */
    private <T> List<T> farm(List<int[]> tasks, Task<T> task) throws Exception {
        List<T> results = new ArrayList<>(Collections.nCopies(tasks.size(), null));
        int[] next = {0};
        List<Future<Object>> running = new ArrayList<>();
        for (ParaffinWorker w : workers) {
            running.add(pool.submit(() -> {
                while (true) {
                    int i;
                    synchronized (next) {
                        i = next[0]++;
                    }
                    if (i >= tasks.size()) {
                        return null;
                    }
                    T r = task.run(w, tasks.get(i));
                    synchronized (results) {
                        results.set(i, r);
                    }
                }
            }));
        }
        for (Future<Object> f : running) {
            try {
                f.get();
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception ex ? ex : e;
            }
        }
        return results;
    }
}
