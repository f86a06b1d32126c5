package org.karmi.bench.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.karmi.bench.runner.args.ArgumentFactory;
import org.karmi.bench.runner.args.Factories;
import org.karmi.bench.runner.node.Kernel;

/**
 * Runs the collection: starts every configuration's JVMs, then measures each constellation
 * on every configuration in turn, repetition by repetition (so that drift of the machine hits
 * all configurations alike), and collects the {@link Results}. Single-threaded.
 */
public final class Runner {

    /** What to run and where to write. */
    public record Options(Mode mode, Pattern only, List<String> configKeys, Path outDir, boolean progress,
                          PrintStream log, List<String> nodeJvmOptions) {
    }

    /** Bound on any single command to a node; long runs (the parallelism check) add their own duration. */
    private static final long COMMAND_TIMEOUT_MS = 180_000;

    private final Options options;
    private final Mode mode;
    private final Results results = new Results();
    private final List<Deployment> live = new ArrayList<>();
    private Deployment socket;
    private ProgressBar bar;

    public Runner(Options options) {
        this.options = options;
        this.mode = options.mode();
    }

    /**
     * One constellation over every live configuration (or the socket floor only), with its
     * estimated cost per configuration. The body interleaves the configurations itself.
     */
    private record Step(String label, double costMs, boolean socketOnly, Body body) {
    }

    @FunctionalInterface
    private interface Body {
        void run() throws Exception;
    }

    /** Runs everything and returns what was found. The nodes are stopped before it returns. */
    public Results run() throws IOException {
        Files.createDirectories(options.outDir());
        Path logs = Files.createDirectories(options.outDir().resolve("logs"));
        String runId = options.outDir().getFileName().toString().replaceAll("[^A-Za-z0-9_-]", "");
        NodeLauncher launcher = new NodeLauncher(NodeLauncher.ownClassPath(), runId + "-" + ProcessHandle.current().pid(),
                options.nodeJvmOptions());
        try {
            startAll(launcher, logs);
            List<Step> steps = plan();
            double total = 0;
            for (Step s : steps) {
                total += s.costMs() * (s.socketOnly() ? 1 : live.size());
            }
            log(String.format(Locale.ROOT, "%d steps over %d configurations, estimated %.1f min", steps.size(),
                    live.size(), total / 60_000));
            if (options.progress()) {
                bar = new ProgressBarBuilder().setTaskName(mode.name()).setInitialMax(Math.max(1, (long) total))
                        .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500).showSpeed().setUnit(" est.s", 1000)
                        .build();
            }
            for (Step s : steps) {
                execute(s);
            }
        } finally {
            if (bar != null) {
                bar.stepTo(bar.getMax());
                bar.close();
            }
            for (Deployment d : live) {
                d.close();
            }
            if (socket != null) {
                socket.close();
            }
            for (Configuration c : Configuration.rmiConfigurations()) {
                deleteTree(Path.of(launcher.shmDirectory(c)));
            }
        }
        return results;
    }

    /** Removes a shared-memory domain directory this run made (the nodes are gone by now). */
    private static void deleteTree(Path dir) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // left behind; harmless, named after the run
        }
    }

    private void startAll(NodeLauncher launcher, Path logs) {
        log("starting the nodes of every configuration (3 JVMs each) ...");
        for (Configuration c : Configuration.rmiConfigurations()) {
            if (!options.configKeys().isEmpty() && !options.configKeys().contains(c.key())) {
                results.configurations.put(c, "not selected");
                continue;
            }
            try {
                Deployment d = Deployment.start(c, launcher, logs);
                live.add(d);
                results.configurations.put(c, "ran: " + d.description());
                log("  " + c.label() + ": " + d.description());
            } catch (IOException | NodeProcess.NodeException e) {
                String why = c.label() + ": skipped: " + e.getMessage();
                results.configurations.put(c, "skipped: " + e.getMessage());
                results.skipped.add(why);
                log("  " + why);
            }
        }
        if (options.configKeys().isEmpty() || options.configKeys().contains(Configuration.SOCKET.key())) {
            try {
                socket = Deployment.start(Configuration.SOCKET, launcher, logs);
                results.configurations.put(Configuration.SOCKET, "ran: " + socket.description());
            } catch (IOException | NodeProcess.NodeException e) {
                results.configurations.put(Configuration.SOCKET, "skipped: " + e.getMessage());
                results.skipped.add(Configuration.SOCKET.label() + ": skipped: " + e.getMessage());
            }
        }
    }

    // ---------------------------------------------------------------- plan

    private List<Step> plan() {
        List<Step> steps = new ArrayList<>();
        double kernelCost = mode.warmMaxMillis() / 2.0 + mode.repetitions() * mode.repMillis() + 30;
        if (options.only() == null) {
            steps.add(new Step("warm-up: every node's JIT", WARM_UP_KERNELS.size() * mode.warmMaxMillis() * 1.5, false,
                    this::warmUpJvms));
        }
        if (socket != null) {
            steps.add(new Step("floor: 1-byte round trip", kernelCost, true, this::floor));
        }
        for (Kernel k : List.of(Kernel.PING, Kernel.PING_2INT, Kernel.PING_2INT_2FLOAT)) {
            steps.add(kernelStep("kernel", k, "-", k.title, 0, kernelCost));
        }
        for (Kernel k : List.of(Kernel.PING_OBJ, Kernel.PING_OBJ_RETURN, Kernel.PINGPONG_OBJ, Kernel.PINGPONG_OBJ_RETURN)) {
            for (ArgumentFactory f : mode.factories()) {
                steps.add(kernelStep("kernel", k, f.name(), k.title + " | " + f.name(), f.jdkSerializedBytes(), kernelCost));
            }
        }
        for (ArgumentFactory f : mode.factories()) {
            String name = Kernel.STAR.title + " | " + f.name() + " | " + mode.starClients() + " clients";
            steps.add(new Step("kernel: " + name, kernelCost * 2, false, () -> star(f, name)));
        }
        steps.add(appStep("hamming", "Hamming (" + mode.hammingPrimes() + " primes, <= " + mode.hammingLimit() + ")",
                mode.hammingPrimes(), mode.hammingLimit()));
        steps.add(appStep("paraffin", "Paraffins (n <= " + mode.paraffinSize() + ")", mode.paraffinSize()));
        steps.add(appStep("sor", "SOR red/black (" + mode.sorSize() + "x" + mode.sorSize() + ", "
                + mode.sorIterations() + " iterations, 3 nodes)", mode.sorSize(), mode.sorIterations()));
        for (int n : mode.clientCounts()) {
            steps.add(new Step("clients: int next() | " + n + " clients", mode.throughputMillis() + 150, false,
                    () -> eachConfiguration("clients", n + " clients", d -> throughput(d, n))));
        }
        for (Kernel k : List.of(Kernel.GET_BOOLEAN, Kernel.GET_INT, Kernel.GET_LONG, Kernel.GET_FLOAT, Kernel.GET_DOUBLE)) {
            steps.add(kernelStep("types", k, "-", k.title, 0, kernelCost));
        }
        for (int len : mode.stringLengths()) {
            steps.add(kernelStep("types", Kernel.GET_STRING, "chars=" + len, "String text() | " + len + " chars", len, kernelCost));
        }
        steps.add(new Step("parallel: " + mode.parallelClients() + " clients x sleep(" + mode.parallelMillis() + " ms)",
                mode.parallelMillis() + 300, false,
                () -> eachConfiguration("parallel", parallelName(), this::parallel)));
        steps.add(wirelessStep(Kernel.WIRELESS_VOID, "-", kernelCost));
        steps.add(wirelessStep(Kernel.WIRELESS_RETURN_PING, "byte[500]", kernelCost));
        steps.add(wirelessStep(Kernel.WIRELESS_PING_TEXT, "-", kernelCost));
        steps.add(wirelessStep(Kernel.WIRELESS_NEW_REF, "-", kernelCost));
        for (String type : List.of("byte", "float")) {
            for (int n : mode.bandwidthLengths()) {
                ArgumentFactory f = Factories.byName(type + "[" + n + "]");
                int bytes = n * (type.equals("byte") ? 1 : 4);
                steps.add(kernelStep("bandwidth", Kernel.PING_OBJ, f.name(), type + "[] | " + n, bytes,
                        kernelCost + bytes / 50_000.0));
            }
        }
        if (socket != null) {
            for (int n : mode.bandwidthLengths()) {
                steps.add(new Step("bandwidth: raw socket byte[] | " + n, kernelCost, true, () -> socketBandwidth(n)));
            }
        }
        steps.removeIf(s -> options.only() != null && !options.only().matcher(s.label()).find());
        return steps;
    }

    /**
     * Calls that bring every node's JIT to a steady state before the first constellation, so
     * that the first one measured does not pay for it: simple calls, objects, graphs, callbacks.
     */
    private static final List<String[]> WARM_UP_KERNELS = List.of(
            new String[] {Kernel.PING.name(), "-"}, new String[] {Kernel.PING_OBJ_RETURN.name(), "tree(15)"},
            new String[] {Kernel.PING_OBJ_RETURN.name(), "float[5000]"},
            new String[] {Kernel.PINGPONG_OBJ_RETURN.name(), "32 int"});

    private void warmUpJvms() {
        for (String[] k : WARM_UP_KERNELS) {
            eachConfiguration("warm-up", k[0] + " " + k[1], d -> {
                for (NodeProcess client : d.clients()) {
                    client.call(COMMAND_TIMEOUT_MS, "warm", k[0], k[1], mode.warmMaxMillis(), mode.warmBatchMillis(),
                            mode.warmMinCalls() * 4);
                }
            });
        }
        results.attempted.removeIf(a -> a.startsWith("warm-up: "));
    }

    private void execute(Step s) {
        int units = s.socketOnly() ? 1 : live.size();
        try {
            s.body().run();
        } catch (Exception e) {
            String why = s.label() + ": no number: " + e.getMessage();
            results.failures.add(why);
            log("FAILED " + why);
        }
        for (Deployment d : new ArrayList<>(live)) {
            if (!d.alive()) {
                live.remove(d);
                d.close();
                results.skipped.add(d.config.label() + ": a node died during the run (see logs/); the rest skipped");
                log(d.config.label() + ": a node died; the rest of its constellations are skipped");
            }
        }
        advance(s.costMs() * units);
    }

    private void advance(double costMs) {
        if (bar != null) {
            bar.stepBy((long) costMs);
        }
    }

    // ---------------------------------------------------------------- kernels

    private Step kernelStep(String section, Kernel k, String factory, String name, double bytes, double cost) {
        return new Step(section + ": " + name, cost, false, () -> kernelAll(section, k, factory, name, bytes));
    }

    private Step wirelessStep(Kernel k, String factory, double cost) {
        return kernelStep("wireless", k, factory, k.title, 0, cost);
    }

    private Step appStep(String key, String name, Object... args) {
        double cost = mode.appRepetitions() * 400.0 + 400;
        return new Step("app: " + name, cost, false, () -> appAll(key, name, args));
    }

    /** Runs {@code body} for every live configuration in a rotating order, recording failures. */
    private void eachConfiguration(String section, String name, PerDeployment body) {
        rotation++;
        for (Deployment d : order(rotation)) {
            results.attempted.add(section + ": " + name + " | " + d.config.key());
            try {
                body.run(d);
            } catch (Exception e) {
                fail(section, name, d, e);
            }
        }
    }

    @FunctionalInterface
    private interface PerDeployment {
        void run(Deployment d) throws Exception;
    }

    private int rotation;

    private List<Deployment> order(int rotation) {
        List<Deployment> out = new ArrayList<>(live);
        if (!out.isEmpty()) {
            java.util.Collections.rotate(out, -(rotation % out.size()));
        }
        return out;
    }

    void kernelAll(String section, Kernel k, String factory, String name, double bytes) {
        List<Deployment> ds = new ArrayList<>(live);
        long[] estimate = new long[ds.size()];
        List<List<long[]>> reps = new ArrayList<>();
        boolean[] ok = new boolean[ds.size()];
        for (int i = 0; i < ds.size(); i++) {
            reps.add(new ArrayList<>());
            Deployment d = ds.get(i);
            results.attempted.add(section + ": " + name + " | " + d.config.key());
            try {
                String[] w = d.client().call(COMMAND_TIMEOUT_MS, "warm", k.name(), factory, mode.warmMaxMillis(),
                        mode.warmBatchMillis(), mode.warmMinCalls()).split(" ");
                estimate[i] = Long.parseLong(w[0]);
                ok[i] = true;
            } catch (NodeProcess.NodeException e) {
                fail(section, name, d, e);
            }
        }
        for (int rep = 0; rep < mode.repetitions(); rep++) {
            for (int j = 0; j < ds.size(); j++) {
                int i = (j + rep) % ds.size();
                if (!ok[i]) {
                    continue;
                }
                Deployment d = ds.get(i);
                try {
                    reps.get(i).add(parse(d.client().call(COMMAND_TIMEOUT_MS, "run", k.name(), factory,
                            mode.iterations(estimate[i]))));
                } catch (NodeProcess.NodeException e) {
                    ok[i] = false;
                    fail(section, name, d, e);
                }
            }
        }
        for (int i = 0; i < ds.size(); i++) {
            if (ok[i]) {
                Stats.Summary s = Stats.Summary.of(reps.get(i));
                String extra = "rep_spread=" + fmt(s.repSpread() * 100);
                if (section.equals("bandwidth")) {
                    extra += ";MBps=" + fmt(bytes / (s.medianNs() / 1e9) / 1e6);
                }
                if (section.equals("wireless")) {
                    extra += wire(ds.get(i), k, factory);
                }
                results.add(new Row(section, name, ds.get(i).config.key(), s.medianNs() / 1e3, s.p99Ns() / 1e3,
                        s.meanNs() / 1e3, s.samples(), bytes, extra));
            }
        }
    }

    private String wire(Deployment d, Kernel k, String factory) {
        try {
            String r = d.client().call(COMMAND_TIMEOUT_MS, "wire", k.name(), factory, mode.wireCalls());
            if (r.equals("none")) {
                return ";bytes_per_call=n/a;round_trips_per_call=n/a";
            }
            String[] v = r.split(" ");
            double n = Double.parseDouble(v[3]);
            long trips = Long.parseLong(v[2]);
            return ";bytes_sent_per_call=" + fmt(Long.parseLong(v[0]) / n) + ";bytes_received_per_call="
                    + fmt(Long.parseLong(v[1]) / n) + ";round_trips_per_call=" + (trips < 0 ? "n/a" : fmt(trips / n))
                    + ";counted_by=" + v[4] + (v.length > 5 && !v[5].equals("-") ? ";calls_by_technology=" + v[5] : "")
                    + (v.length > 7 ? ";collector_messages_per_call=" + fmt(Long.parseLong(v[6]) / n)
                            + ";collector_bytes_per_call=" + fmt(Long.parseLong(v[7]) / n) : "");
        } catch (NodeProcess.NodeException e) {
            return ";wire=failed";
        }
    }

    private void fail(String section, String name, Deployment d, Exception e) {
        String why = section + ": " + name + " | " + d.config.label() + ": no number: " + e.getMessage();
        results.failures.add(why);
        log("FAILED " + why);
    }

    private static long[] parse(String line) {
        String[] parts = line.trim().split(" ");
        long[] out = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            out[i] = Long.parseLong(parts[i]);
        }
        return out;
    }

    // ---------------------------------------------------------------- multi-client runs

    /** The star kernel: warm each configuration, then repetitions round-robin over them. */
    private void star(ArgumentFactory f, String name) {
        List<Deployment> ds = new ArrayList<>(live);
        int[] iterations = new int[ds.size()];
        List<List<long[]>> reps = new ArrayList<>();
        boolean[] ok = new boolean[ds.size()];
        for (int i = 0; i < ds.size(); i++) {
            reps.add(new ArrayList<>());
            Deployment d = ds.get(i);
            results.attempted.add("kernel: " + name + " | " + d.config.key());
            try {
                String w = d.client().call(COMMAND_TIMEOUT_MS, "warm", Kernel.STAR.name(), f.name(), mode.warmMaxMillis(),
                        mode.warmBatchMillis(), mode.warmMinCalls());
                iterations[i] = Math.max(2, mode.iterations(Long.parseLong(w.split(" ")[0])) / mode.starClients());
                ok[i] = true;
            } catch (NodeProcess.NodeException e) {
                fail("kernel", name, d, e);
            }
        }
        for (int rep = 0; rep < mode.repetitions(); rep++) {
            for (int j = 0; j < ds.size(); j++) {
                int i = (j + rep) % ds.size();
                if (!ok[i]) {
                    continue;
                }
                try {
                    for (String[] perThread : together(ds.get(i), mode.starClients(), "star", f.name(), iterations[i])) {
                        for (String t : perThread) {
                            reps.get(i).add(parse(t));
                        }
                    }
                } catch (Exception e) {
                    ok[i] = false;
                    fail("kernel", name, ds.get(i), e);
                }
            }
        }
        for (int i = 0; i < ds.size(); i++) {
            if (ok[i]) {
                Stats.Summary s = Stats.Summary.of(reps.get(i));
                results.add(new Row("kernel", name, ds.get(i).config.key(), s.medianNs() / 1e3, s.p99Ns() / 1e3,
                        s.meanNs() / 1e3, s.samples(), f.jdkSerializedBytes(), "rep_spread=" + fmt(s.repSpread() * 100)));
            }
        }
    }

    /**
     * Arms {@code threads} client threads spread over the client nodes, releases them together
     * and returns, per node, each thread's reply.
     */
    private List<String[]> together(Deployment d, int threads, Object... what) throws Exception {
        List<NodeProcess> clients = d.clients();
        int nodes = Math.min(threads, clients.size());
        List<NodeProcess> used = clients.subList(0, nodes);
        for (int i = 0; i < nodes; i++) {
            int share = threads / nodes + (i < threads % nodes ? 1 : 0);
            Object[] cmd = new Object[3 + what.length];
            cmd[0] = "arm";
            cmd[1] = what[0];
            cmd[2] = share;
            System.arraycopy(what, 1, cmd, 3, what.length - 1);
            used.get(i).call(COMMAND_TIMEOUT_MS, cmd);
        }
        for (NodeProcess n : used) {
            n.send("go");
        }
        List<String[]> out = new ArrayList<>();
        long timeout = COMMAND_TIMEOUT_MS + 2 * mode.parallelMillis();
        for (NodeProcess n : used) {
            String[] parts = n.receive(timeout).split("\\|");
            String[] perThread = new String[parts.length];
            perThread[0] = parts[0]; // the node's elapsed time from go to done
            System.arraycopy(parts, 1, perThread, 1, parts.length - 1);
            String[] threadsOnly = java.util.Arrays.copyOfRange(parts, 1, parts.length);
            out.add(what[0].equals("sleep") || what[0].equals("throughput") ? perThread : threadsOnly);
        }
        return out;
    }

    private void throughput(Deployment d, int clients) throws Exception {
        long calls = 0;
        long latencySum = 0;
        long elapsed = 0;
        for (String[] node : together(d, clients, "throughput", mode.throughputMillis())) {
            for (int t = 1; t < node.length; t++) {
                long[] v = parse(node[t]);
                calls += v[0];
                latencySum += v[1];
                elapsed = Math.max(elapsed, v[2]);
            }
        }
        double callsPerSecond = calls / (elapsed / 1e9);
        double meanUs = latencySum / 1e3 / Math.max(1, calls);
        results.add(new Row("clients", clients + " clients", d.config.key(), meanUs, Double.NaN, meanUs, calls, 0,
                "calls_per_s=" + fmt(callsPerSecond) + ";clients=" + clients));
    }

    private String parallelName() {
        return mode.parallelClients() + " clients x sleep(" + mode.parallelMillis() + " ms)";
    }

    private void parallel(Deployment d) throws Exception {
        long elapsed = 0;
        for (String[] node : together(d, mode.parallelClients(), "sleep", mode.parallelMillis())) {
            elapsed = Math.max(elapsed, Long.parseLong(node[0]));
        }
        double ms = elapsed / 1e6;
        String verdict = ms < 1.5 * mode.parallelMillis() ? "parallel" : "serialised";
        results.add(new Row("parallel", parallelName(), d.config.key(), ms * 1e3, Double.NaN, ms * 1e3, mode.parallelClients(), 0,
                "elapsed_ms=" + fmt(ms) + ";verdict=" + verdict));
    }

    // ---------------------------------------------------------------- applications

    void appAll(String key, String name, Object... args) {
        List<Deployment> ds = new ArrayList<>(live);
        List<List<Double>> runs = new ArrayList<>();
        boolean[] ok = new boolean[ds.size()];
        boolean[] correct = new boolean[ds.size()];
        String[] detail = new String[ds.size()];
        Object[] cmd = new Object[2 + args.length];
        cmd[0] = "app";
        cmd[1] = key;
        System.arraycopy(args, 0, cmd, 2, args.length);
        for (int i = 0; i < ds.size(); i++) {
            runs.add(new ArrayList<>());
            results.attempted.add("app: " + name + " | " + ds.get(i).config.key());
            try {
                String[] w = ds.get(i).client().call(COMMAND_TIMEOUT_MS, cmd).split(" "); // warm-up run
                ok[i] = true;
                correct[i] = Boolean.parseBoolean(w[1]);
                detail[i] = w[2];
            } catch (NodeProcess.NodeException e) {
                fail("app", name, ds.get(i), e);
            }
        }
        for (int rep = 0; rep < mode.appRepetitions(); rep++) {
            for (int j = 0; j < ds.size(); j++) {
                int i = (j + rep) % ds.size();
                if (!ok[i]) {
                    continue;
                }
                try {
                    String[] r = ds.get(i).client().call(COMMAND_TIMEOUT_MS, cmd).split(" ");
                    runs.get(i).add(Long.parseLong(r[0]) / 1e3);
                    correct[i] &= Boolean.parseBoolean(r[1]);
                } catch (NodeProcess.NodeException e) {
                    ok[i] = false;
                    fail("app", name, ds.get(i), e);
                }
            }
        }
        for (int i = 0; i < ds.size(); i++) {
            if (ok[i]) {
                double[] v = runs.get(i).stream().mapToDouble(Double::doubleValue).toArray();
                double[] sorted = v.clone();
                java.util.Arrays.sort(sorted);
                results.add(new Row("app", name, ds.get(i).config.key(), Stats.median(v), Stats.quantile(sorted, 0.99),
                        Stats.mean(v), v.length, Double.NaN, "correct=" + correct[i] + ";answer=" + detail[i]));
            }
        }
    }

    // ---------------------------------------------------------------- raw socket floor

    private void floor() throws Exception {
        results.attempted.add("floor: 1-byte round trip | socket");
        NodeProcess c = socket.client();
        c.call(COMMAND_TIMEOUT_MS, "rawping", Math.max(mode.warmMinCalls(), 50));
        List<long[]> reps = new ArrayList<>();
        for (int rep = 0; rep < mode.repetitions(); rep++) {
            reps.add(parse(c.call(COMMAND_TIMEOUT_MS, "rawping", mode.iterations(30_000))));
        }
        Stats.Summary s = Stats.Summary.of(reps);
        results.add(new Row("floor", "1-byte round trip", Configuration.SOCKET.key(), s.medianNs() / 1e3,
                s.p99Ns() / 1e3, s.meanNs() / 1e3, s.samples(), 1, "rep_spread=" + fmt(s.repSpread() * 100)));
    }

    private void socketBandwidth(int n) throws Exception {
        String name = "byte[] | " + n;
        results.attempted.add("bandwidth: " + name + " | socket");
        NodeProcess c = socket.client();
        long[] warm = parse(c.call(COMMAND_TIMEOUT_MS, "rawsend", n, Math.max(mode.warmMinCalls(), 20)));
        long est = warm[warm.length - 1];
        List<long[]> reps = new ArrayList<>();
        for (int rep = 0; rep < mode.repetitions(); rep++) {
            reps.add(parse(c.call(COMMAND_TIMEOUT_MS, "rawsend", n, mode.iterations(est))));
        }
        Stats.Summary s = Stats.Summary.of(reps);
        results.add(new Row("bandwidth", name, Configuration.SOCKET.key(), s.medianNs() / 1e3, s.p99Ns() / 1e3,
                s.meanNs() / 1e3, s.samples(), n, "MBps=" + fmt(n / (s.medianNs() / 1e9) / 1e6)));
    }

    // ----------------------------------------------------------------

    static String fmt(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }

    private void log(String line) {
        if (bar != null) {
            // keep the bar's line intact: the bar redraws itself below
            options.log().print("\r");
        }
        options.log().println(line);
    }
}
