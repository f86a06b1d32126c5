package example.concurrent_calls;

import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Calls from 8 threads at once. */
public class Client {

    static final int THREADS = 8;
    static final int CALLS = 250;

    public static void main(String[] args) throws Exception {
        Calculator calculator = (Calculator) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]))
                .lookup("calculator");
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<Future<Integer>> correct = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            long base = t * 1_000_000L;
            correct.add(pool.submit(() -> {
                int ok = 0;
                for (long i = base; i < base + CALLS; i++) {
                    ok += calculator.square(i) == i * i ? 1 : 0;
                }
                return ok;
            }));
        }
        int ok = 0;
        for (Future<Integer> f : correct) {
            ok += f.get(60, TimeUnit.SECONDS);
        }
        System.out.println("correct results: " + ok + " of " + THREADS * CALLS);
        System.out.println("squares the server computed: " + calculator.squares());
        List<Future<Boolean>> met = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            met.add(pool.submit(() -> calculator.meet(THREADS)));
        }
        int together = 0;
        for (Future<Boolean> f : met) {
            together += f.get(60, TimeUnit.SECONDS) ? 1 : 0;
        }
        System.out.println("calls that met all the others inside the server: " + together + " of " + THREADS);
        pool.shutdown();
        calculator.shutdown();
    }
}
