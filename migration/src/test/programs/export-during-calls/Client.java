package example.export_during_calls;

import java.rmi.NoSuchObjectException;
import java.rmi.registry.LocateRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Makes, calls and drops items from 4 threads at once. */
public class Client {

    public static void main(String[] args) throws Exception {
        Factory factory = (Factory) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("factory");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        List<Future<int[]>> results = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int base = t * 100;
            results.add(pool.submit(() -> {
                int[] counts = new int[3]; // answered right, dropped, refused afterwards
                for (int v = base; v < base + 25; v++) {
                    Item item = factory.create(v);
                    counts[0] += item.value() == v ? 1 : 0;
                    counts[1] += factory.drop(v) ? 1 : 0;
                    try {
                        item.value();
                    } catch (NoSuchObjectException e) {
                        counts[2]++;
                    }
                }
                return counts;
            }));
        }
        int[] sum = new int[3];
        for (Future<int[]> f : results) {
            int[] c = f.get(60, TimeUnit.SECONDS);
            for (int i = 0; i < 3; i++) {
                sum[i] += c[i];
            }
        }
        pool.shutdown();
        System.out.println("items that answered right: " + sum[0] + " of 100");
        System.out.println("items unexported: " + sum[1] + " of 100");
        System.out.println("calls after unexport refused with NoSuchObjectException: " + sum[2] + " of 100");
        System.out.println("items still exported: " + factory.live());
        factory.shutdown();
    }
}
