package org.karmi.bench.runner.node;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Several client threads of one node that start together: they are {@linkplain #arm armed}
 * (set up and warmed, then waiting at a latch) and released by {@link #go}, which the runner
 * sends to every client node at once, so that the clients of all nodes call the server
 * concurrently (the star kernel, calls per second against clients, the parallelism check).
 */
final class MultiClient {

    private final CountDownLatch start = new CountDownLatch(1);
    private final List<Future<long[]>> threads = new ArrayList<>();
    private final String kind;

    private MultiClient(String kind) {
        this.kind = kind;
    }

    /**
     * {@code arm star threads factory iterations}, {@code arm throughput threads millis} or
     * {@code arm sleep threads millis}.
     */
    static MultiClient arm(String[] cmd, ExecutorService pool, Kernel.Targets targets) throws Exception {
        MultiClient m = new MultiClient(cmd[1]);
        int n = Integer.parseInt(cmd[2]);
        CountDownLatch ready = new CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            m.threads.add(pool.submit(() -> m.client(cmd, targets, ready)));
        }
        if (!ready.await(60, TimeUnit.SECONDS)) {
            m.start.countDown();
            throw new IllegalStateException("client threads not ready within 60 s");
        }
        for (Future<long[]> f : m.threads) {
            if (f.isDone()) {
                f.get(); // throws the failure of a thread that died while arming
            }
        }
        return m;
    }

    private long[] client(String[] cmd, Kernel.Targets targets, CountDownLatch ready) throws Exception {
        try {
            switch (kind) {
                case "star": {
                    Kernel.Op op = NodeMain.op(Kernel.STAR, cmd[3], targets);
                    int iterations = Integer.parseInt(cmd[4]);
                    Timing.measure(op, Math.max(1, iterations / 4));
                    ready.countDown();
                    start.await();
                    return Timing.measure(op, iterations);
                }
                case "throughput": {
                    Kernel.Op op = NodeMain.op(Kernel.NEXT, "-", targets);
                    long millis = Long.parseLong(cmd[3]);
                    Timing.measure(op, 20);
                    ready.countDown();
                    start.await();
                    long t0 = System.nanoTime();
                    long end = t0 + millis * 1_000_000;
                    long calls = 0;
                    long sum = 0;
                    long now = t0;
                    while (now < end) {
                        op.invoke();
                        long t = System.nanoTime();
                        sum += t - now;
                        now = t;
                        calls++;
                    }
                    return new long[] {calls, sum, now - t0};
                }
                case "sleep": {
                    long millis = Long.parseLong(cmd[3]);
                    targets.kernels().sleep(0);
                    ready.countDown();
                    start.await();
                    long t0 = System.nanoTime();
                    targets.kernels().sleep(millis);
                    return new long[] {System.nanoTime() - t0};
                }
                default:
                    throw new IllegalArgumentException("unknown multi-client run " + kind);
            }
        } finally {
            ready.countDown(); // never leave the arming node waiting for a failed thread
        }
    }

    /** Releases the threads and waits for them; the reply lists each thread's numbers, threads separated by '|'. */
    String go() throws Exception {
        long t0 = System.nanoTime();
        start.countDown();
        StringBuilder out = new StringBuilder();
        for (Future<long[]> f : threads) {
            long[] r;
            try {
                r = f.get(30, TimeUnit.MINUTES);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception ex ? ex : e;
            }
            out.append(out.length() == 0 ? "" : "|").append(NodeMain.join(r));
        }
        return (System.nanoTime() - t0) + "|" + out;
    }
}
