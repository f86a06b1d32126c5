package org.karmi.bench.runner;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

import org.karmi.bench.runner.report.Report;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line of the benchmark collection ({@code bench/run} calls it). Runs the
 * configurations side by side and writes {@code report.md}, {@code results.csv} and the
 * pictures into the run's directory.
 */
@Command(name = "bench/run", mixinStandardHelpOptions = true,
        description = "The RMI benchmark collection: java.rmi against KaRMI configurations, side by side.")
public final class Main implements Callable<Integer> {

    @CommandLine.ArgGroup(exclusive = true)
    private Size size = new Size();

    static final class Size {
        @Option(names = "--quick", description = "At most 5 minutes on a 2-core machine (the default).")
        boolean quick;
        @Option(names = "--full", description = "Everything of the paper, at most 45 minutes.")
        boolean full;
        @Option(names = "--smoke", description = "A few calls of everything: checks that it all works, measures nothing.")
        boolean smoke;
    }

    @Option(names = "--only", paramLabel = "PATTERN",
            description = "Run only constellations whose label matches this regular expression "
                    + "(case-insensitive), e.g. 'ping\\(obj\\).*float' or '^app'.")
    private String only;

    @Option(names = "--configs", split = ",", paramLabel = "KEY",
            description = "Configurations to run (rmi, karmi-jdk-tcp, karmi-uka-tcp, karmi-uka-ps, socket); default all.")
    private List<String> configs = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory (default bench/results/<date-time>).")
    private Path out;

    @Option(names = "--repo", paramLabel = "DIR", description = "The git working tree measured (default: the current directory).")
    private Path repo = Path.of(".");

    @Option(names = "--parallel-seconds", paramLabel = "S",
            description = "Duration of the parallelism check's sleep (default: mode's; the CORBA paper used 30).")
    private Double parallelSeconds;

    @Option(names = "--no-progress", description = "No progress bar (for logs).")
    private boolean noProgress;

    @Option(names = "--node-jvm-option", paramLabel = "OPT", description = "Extra option for every node JVM (repeatable).")
    private List<String> nodeJvmOptions = new ArrayList<>();

    private final String[] args;

    private Main(String[] args) {
        this.args = args;
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        int code = new CommandLine(new Main(args)).execute(args);
        System.exit(code); // the one entry point: nothing else in the runner exits the JVM
    }

    @Override
    public Integer call() throws Exception {
        Mode mode = size.full ? Mode.full() : size.smoke ? Mode.smoke() : Mode.quick();
        if (parallelSeconds != null) {
            mode = mode.withParallelMillis((long) (parallelSeconds * 1000));
        }
        LocalDateTime started = LocalDateTime.now();
        Path dir = out != null ? out
                : Path.of("bench", "results", started.format(DateTimeFormatter.ofPattern("yyyy-MM-dd_HH-mm-ss")));
        Files.createDirectories(dir);
        PrintStream log = System.err;
        Results results = run(mode, dir, log);
        Report report = new Report(results, dir, new Report.Meta(mode.name(), "bench/run " + String.join(" ", args),
                Environment.read(repo.toAbsolutePath().normalize()), started.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
                        .replace('T', ' ').substring(0, 19),
                Duration.between(started, LocalDateTime.now()), nodeOptions()));
        Path written = report.write();
        log.println("report: " + written);
        for (String s : results.skipped) {
            log.println("skipped: " + s);
        }
        for (String f : results.failures) {
            log.println("failed: " + f);
        }
        return results.failures.isEmpty() ? 0 : 1;
    }

    private Results run(Mode mode, Path dir, PrintStream log) throws Exception {
        Pattern pattern = only == null ? null : Pattern.compile(only, Pattern.CASE_INSENSITIVE);
        return new Runner(new Runner.Options(mode, pattern, configs, dir, !noProgress, log, nodeJvmOptions)).run();
    }

    private List<String> nodeOptions() {
        List<String> all = new ArrayList<>(NodeLauncher.JVM_OPTIONS);
        all.addAll(nodeJvmOptions);
        return all;
    }
}
