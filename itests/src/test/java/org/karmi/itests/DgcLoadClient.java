package org.karmi.itests;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.karmi.Karmi;
import org.karmi.RemoteRuntime;

/**
 * The clients of {@link CollectorSwapIT}, in a child JVM (the facade node, TCP, both
 * collectors found on the class path): 8 threads take counters from the factory, call them,
 * check each answer and drop some, until the line {@code drop} arrives on standard input; then
 * they drop everything and the JVM prints {@code DROPPED calls=<n> failures=<n>}. It ends when
 * its standard input ends.
 */
public final class DgcLoadClient {

    private static final int THREADS = 8;
    private static final int HELD_PER_THREAD = 16;

    private DgcLoadClient() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("karmi.tcp.port", "0");
        System.setProperty("karmi.technologies", "tcp");
        RemoteRuntime runtime = Karmi.runtime();
        DgcSwapFactory factory = (DgcSwapFactory) runtime.registry("127.0.0.1", Integer.parseInt(args[0]))
                .lookup("factory");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong calls = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Thread th = new Thread(() -> load(factory, stop, calls, failures), "load-" + t);
            th.start();
            threads.add(th);
        }
        System.out.println("LOADING serializers=" + runtime.serializers());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null;) {
            if (line.equals("drop")) {
                stop.set(true);
                for (Thread th : threads) {
                    th.join(30_000);
                }
                for (int i = 0; i < 5; i++) {
                    System.gc(); // the dropped stubs become unreachable: their collectors tell the owner
                    Thread.sleep(100);
                }
                System.out.println("DROPPED calls=" + calls.get() + " failures=" + failures.get());
                System.out.flush();
            }
        }
    }

    private static void load(DgcSwapFactory factory, AtomicBoolean stop, AtomicLong calls, AtomicLong failures) {
        List<DgcSwapFactory.Counter> held = new ArrayList<>();
        List<Integer> expected = new ArrayList<>();
        ThreadLocalRandom r = ThreadLocalRandom.current();
        while (!stop.get()) {
            try {
                if (held.size() < HELD_PER_THREAD && (held.isEmpty() || r.nextInt(4) == 0)) {
                    held.add(factory.make());
                    expected.add(0);
                }
                int i = r.nextInt(held.size());
                int got = held.get(i).next();
                int want = expected.get(i) + 1;
                expected.set(i, got);
                if (got != want) {
                    failures.incrementAndGet();
                    System.out.println("FAILURE counter answered " + got + ", expected " + want);
                }
                calls.incrementAndGet();
                if (r.nextInt(8) == 0) {
                    int d = r.nextInt(held.size());
                    held.remove(d);
                    expected.remove(d);
                }
            } catch (Exception e) {
                failures.incrementAndGet();
                System.out.println("FAILURE " + e);
            }
        }
        held.clear();
    }
}
