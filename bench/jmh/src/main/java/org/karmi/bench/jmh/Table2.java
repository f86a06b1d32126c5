package org.karmi.bench.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import org.karmi.bench.jmh.codecs.Codecs;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Runs {@link SerializationBench} with {@code -prof gc} and writes a Markdown report like the
 * papers' Table 2: per object kind and serializer, write and read time, bytes per object and
 * allocation per operation, the improvement of ours against JDK serialization (fresh stream
 * per object, as RMI does), and the targets of issue 3. Before measuring it checks that every
 * serializer reads back an equal object; a serializer that is missing or fails is reported as
 * such, never measured.
 *
 * <pre>
 * java -cp bench/jmh/target/karmi-bench-jmh.jar org.karmi.bench.jmh.Table2 --out FILE [--quick]
 *      [--jvm PATH/bin/java] [--json FILE] [--kinds int32,tree15] [--codecs uka,jdk,fory] [--verbose] [--check-only] [--ping]
 * </pre>
 *
 * Single-threaded (JMH forks one JVM per benchmark).
 */
@Command(name = "Table2", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The papers' Table 2: serializers written and read under JMH with -prof gc, as Markdown.",
        footer = "Exit status: 0 when the report was written, 1 on failure, 2 on bad usage.")
public final class Table2 implements Callable<Integer> {

    /** The serializers measured by {@code --quick}. */
    private static final List<Codecs> QUICK_CODECS = List.of(Codecs.uka, Codecs.jdk, Codecs.kryo, Codecs.fory);

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The Markdown report to write.")
    private Path out;

    @Option(names = "--quick", description = "The four target kinds, serializers uka, jdk, kryo, fory only, short "
            + "iterations (about 2 minutes on 2 cores; bytes and round trips still cover everything).")
    private boolean quick;

    @Option(names = "--brief", description = "Every object and serializer with shorter iterations (bench/run --full).")
    private boolean brief;

    @Option(names = "--jvm", paramLabel = "JAVA", description = "java executable for the forked benchmark JVMs (default: this one).")
    private String jvm;

    @Option(names = "--json", paramLabel = "FILE", description = "Also keep JMH's JSON result in FILE.")
    private String json;

    @Option(names = "--verbose", description = "JMH's own output.")
    private boolean verbose;

    @Option(names = "--check-only", description = "Round trips and bytes only, no JMH.")
    private boolean checkOnly;

    @Option(names = "--ping", description = "Also KaRMI void ping() between two nodes of this JVM over TCP (time, allocation).")
    private boolean ping;

    @Option(names = "--kinds", split = ",", paramLabel = "KIND",
            description = "Objects to measure: ${COMPLETION-CANDIDATES} (default: all; --quick: the targets).")
    private List<Kind> kinds;

    @Option(names = "--codecs", split = ",", paramLabel = "CODEC",
            description = "Serializers to measure: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private List<Codecs> codecs = new ArrayList<>(Codecs.DEFAULT);

    private Table2() {
    }

    /** Runs the report; exit code 0 when the report was written, 1 on failure, 2 on bad usage. */
    public static void main(String[] args) {
        CommandLine line = new CommandLine(new Table2()).setExecutionExceptionHandler((e, cl, parsed) -> {
            System.err.println("Table2 failed: " + e);
            return 1;
        });
        System.exit(line.execute(args)); // the one place the JVM exits
    }

    @Override
    public Integer call() throws IOException, RunnerException {
        if (kinds == null) {
            kinds = quick ? List.of(Kind.TARGETS) : List.of(Kind.values());
        }
        run();
        return 0;
    }

    private void run() throws IOException, RunnerException {
        LoadSampler load = LoadSampler.start();
        RoundTrips checks = RoundTrips.check(codecs, List.of(Kind.values()));
        System.out.println(checks.summary());

        List<Codecs> measured = new ArrayList<>();
        List<String> measurable = new ArrayList<>();
        for (Codecs c : codecs) {
            if (checks.available(c) && (!quick || QUICK_CODECS.contains(c)) && !checkOnly) {
                measured.add(c);
                measurable.add(c.name());
            }
        }
        Map<Op, Map<Codecs, Map<Kind, Cell>>> cells = new EnumMap<>(Op.class);
        String settings;
        String vm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        if (measurable.isEmpty()) {
            settings = checkOnly ? "--check-only: round trips and sizes, no timing" : "nothing to measure";
        } else {
            ChainedOptionsBuilder options = options(measurable);
            settings = describe();
            Collection<RunResult> results = new Runner(options.build()).run();
            for (RunResult r : results) {
                vm = r.getParams().getVmName() + " " + r.getParams().getJdkVersion();
                collect(cells, r);
            }
        }
        String pingSection = ping ? PingReport.run(quick, jvm, verbose) : "";
        String markdown = new Markdown(kinds, codecs, measured, checks, cells).render(settings, vm, load.stop()) + pingSection;
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(out, markdown, StandardCharsets.UTF_8);
        System.out.println("wrote " + out.toAbsolutePath());
    }

    private ChainedOptionsBuilder options(List<String> measurable) {
        List<String> kindNames = new ArrayList<>();
        for (Kind k : kinds) {
            kindNames.add(k.name());
        }
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(SerializationBench.class.getName() + "\\.(write|read)$")
                .param("codec", measurable.toArray(new String[0]))
                .param("kind", kindNames.toArray(new String[0]))
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(false)
                .forks(1)
                .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT);
        if (quick) {
            o.warmupIterations(2).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(3).measurementTime(TimeValue.milliseconds(300));
        } else if (brief) {
            // every object and serializer, shorter iterations: about 12 min instead of 33 on 2 cores,
            // so that bench/run --full stays within its 45 minutes
            o.warmupIterations(2).warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(3).measurementTime(TimeValue.milliseconds(500));
        } else {
            o.warmupIterations(3).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(5).measurementTime(TimeValue.seconds(1));
        }
        if (jvm != null) {
            o.jvm(jvm);
        }
        if (json != null) {
            o.result(json).resultFormat(ResultFormatType.JSON);
        }
        return o;
    }

    private String describe() {
        if (quick) {
            return "JMH 1.37, avgt, 1 fork per benchmark, warm-up 2 x 1 s, measurement 3 x 300 ms, -prof gc (--quick: indicative only)";
        }
        return brief
                ? "JMH 1.37, avgt, 1 fork per benchmark, warm-up 2 x 500 ms, measurement 3 x 500 ms, -prof gc (--brief)"
                : "JMH 1.37, avgt, 1 fork per benchmark, warm-up 3 x 1 s, measurement 5 x 1 s, -prof gc";
    }

    private static void collect(Map<Op, Map<Codecs, Map<Kind, Cell>>> cells, RunResult r) {
        String benchmark = r.getParams().getBenchmark();
        Op op = benchmark.endsWith(".write") ? Op.write : Op.read;
        Codecs codec = Codecs.valueOf(r.getParams().getParam("codec"));
        Kind kind = Kind.valueOf(r.getParams().getParam("kind"));
        Result<?> primary = r.getPrimaryResult();
        double alloc = Double.NaN;
        for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                alloc = e.getValue().getScore();
            }
        }
        cells.computeIfAbsent(op, x -> new EnumMap<>(Codecs.class))
                .computeIfAbsent(codec, x -> new EnumMap<>(Kind.class))
                .put(kind, new Cell(primary.getScore(), primary.getScoreError(), alloc));
    }

    /** The two measured operations. */
    enum Op { write, read }

    /** One measurement: ns per operation, its 99.9% error, bytes allocated per operation. */
    static final class Cell {
        final double ns;
        final double error;
        final double allocBytes;

        Cell(double ns, double error, double allocBytes) {
            this.ns = ns;
            this.error = error;
            this.allocBytes = allocBytes;
        }
    }

    /** Samples the 1-minute load average every few seconds while the benchmarks run (daemon thread). */
    static final class LoadSampler implements Runnable {
        private final Thread thread = new Thread(this, "load-sampler");
        private final long startNs = System.nanoTime();
        private volatile boolean stopped;
        private double min = Double.MAX_VALUE;
        private double max;
        private double sum;
        private int count;

        static LoadSampler start() {
            LoadSampler s = new LoadSampler();
            s.sample();
            s.thread.setDaemon(true);
            s.thread.start();
            return s;
        }

        @Override
        public void run() {
            while (!stopped) {
                try {
                    TimeUnit.SECONDS.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
                sample();
            }
        }

        private synchronized void sample() {
            double l = java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            if (l >= 0) {
                min = Math.min(min, l);
                max = Math.max(max, l);
                sum += l;
                count++;
            }
        }

        synchronized String stop() {
            stopped = true;
            thread.interrupt();
            sample();
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNs);
            String cpus = Runtime.getRuntime().availableProcessors() + " cores";
            if (count == 0) {
                return cpus + ", load average not available, " + seconds + " s";
            }
            return String.format("%s, 1-min load average during the run: min %.2f, mean %.2f, max %.2f (%d samples), %d s",
                    cpus, min, sum / count, max, count, seconds);
        }
    }
}
