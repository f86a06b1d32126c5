package org.karmi.bench.runner.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.karmi.bench.runner.Configuration;
import org.karmi.bench.runner.Environment;
import org.karmi.bench.runner.Results;
import org.karmi.bench.runner.Row;
import org.karmi.bench.runner.Stats;

/**
 * Writes {@code report.md} (tables like the papers', pictures, the JMH table if the
 * serialization benchmarks left one) and {@code results.csv} into a run's directory.
 */
public final class Report {

    /** What the report says about how it was made. */
    public record Meta(String mode, String commandLine, Environment env, String started, Duration took,
                       List<String> nodeJvmOptions) {
    }

    private final Results r;
    private final Path dir;
    private final Meta meta;
    private final StringWriter text = new StringWriter();
    private final PrintWriter out = new PrintWriter(text);
    /** Pictures written, by kind. */
    public final List<String> pictures = new ArrayList<>();

    public Report(Results results, Path dir, Meta meta) {
        this.r = results;
        this.dir = dir;
        this.meta = meta;
    }

    /** Writes everything; returns the report's path. */
    public Path write() throws IOException {
        writeCsv();
        String fig4 = Charts.savedBoxPlot(r, dir);
        String fig5 = Charts.savedVersusBytes(r, dir);
        String bw = Charts.bandwidth(r, dir);
        String cps = Charts.callsPerSecond(r, dir);
        for (String p : new String[] {fig4, fig5, bw, cps}) {
            if (p != null) {
                pictures.add(p);
            }
        }
        header();
        summary(fig4);
        kernelTable(fig5);
        floor();
        apps();
        clients(cps);
        types();
        parallel();
        wireless();
        bandwidth(bw);
        jmh();
        problems();
        method();
        out.flush();
        Path report = dir.resolve("report.md");
        Files.writeString(report, text.toString(), StandardCharsets.UTF_8);
        return report;
    }

    private void writeCsv() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("section,constellation,config,median_us,p99_us,mean_us,samples,bytes,extra");
        for (Row row : r.rows) {
            lines.add(csv(row));
        }
        Files.write(dir.resolve("results.csv"), lines, StandardCharsets.UTF_8);
    }

    private static String csv(Row row) {
        return String.join(",", q(row.section()), q(row.constellation()), q(row.config()), n(row.medianUs()),
                n(row.p99Us()), n(row.meanUs()), Long.toString(row.samples()), n(row.bytes()), q(row.extra()));
    }

    private static String q(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }

    private static String n(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.3f", d);
    }

    // ------------------------------------------------------------------ sections

    private void header() {
        out.println("# KaRMI benchmark collection: " + meta.mode() + " run of " + meta.started());
        out.println();
        out.println("| | |");
        out.println("|---|---|");
        out.println("| machine | " + meta.env().host() + ": " + meta.env().cpu() + ", " + meta.env().cores()
                + " cores, " + meta.env().memory() + ", " + meta.env().os() + " |");
        out.println("| JDK | " + meta.env().jdk() + " |");
        out.println("| commit | " + meta.env().commit() + " |");
        out.println("| command | `" + meta.commandLine() + "` |");
        out.println("| node JVMs | `" + String.join(" ", meta.nodeJvmOptions()) + "` (the same for every configuration) |");
        out.println("| took | " + format(meta.took()) + " |");
        out.println();
        out.println("## Configurations");
        out.println();
        out.println("| configuration | status |");
        out.println("|---|---|");
        r.configurations.forEach((c, status) -> out.println("| " + c.label() + " | " + cell(status) + " |"));
        out.println();
    }

    private void summary(String fig4) {
        out.println("## Summary: time saved against (1) java.rmi");
        out.println();
        out.println("Median % saved per configuration over every kernel and application constellation "
                + "(the paper: 45% over Ethernet, 85% over ParaStation; our aim: at least 60% over TCP and 90% over "
                + "ParaStation).");
        out.println();
        out.println("| configuration | constellations | median % saved | mean | 10% quantile | 90% quantile | best | worst |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
        for (Configuration c : r.running()) {
            if (c.isBaseline()) {
                continue;
            }
            double[] s = r.savedAll(c.key()).stream().mapToDouble(Double::doubleValue).toArray();
            Arrays.sort(s);
            if (s.length == 0) {
                out.println("| " + c.label() + " | 0 | | | | | | |");
                continue;
            }
            out.println("| " + c.label() + " | " + s.length + " | **" + pct(Stats.median(s)) + "** | "
                    + pct(Stats.mean(s)) + " | " + pct(Stats.quantile(s, 0.1)) + " | " + pct(Stats.quantile(s, 0.9))
                    + " | " + pct(s[s.length - 1]) + " | " + pct(s[0]) + " |");
        }
        for (Configuration c : r.configurations.keySet()) {
            if (c.number() > 1 && !r.running().contains(c)) {
                out.println("| " + c.label() + " | skipped | | | | | | |");
            }
        }
        out.println();
        picture(fig4, "% saved per configuration (paper's Figure 4)");
    }

    private void kernelTable(String fig5) {
        List<String> cs = r.constellations("kernel");
        if (cs.isEmpty()) {
            return;
        }
        out.println("## Kernels (the paper's Table 3): median µs per call (% saved against (1))");
        out.println();
        timeTable("kernel", true);
        out.println();
        out.println("### Tail: 99th percentile µs per call");
        out.println();
        List<Configuration> configs = r.running();
        out.print("| constellation |");
        configs.forEach(c -> out.print(" " + c.label() + " |"));
        out.println();
        out.print("|---|");
        configs.forEach(c -> out.print("---:|"));
        out.println();
        for (String c : cs) {
            out.print("| " + cell(c) + " |");
            for (Configuration cfg : configs) {
                Optional<Row> row = r.find("kernel", c, cfg.key());
                out.print(" " + row.map(x -> us(x.p99Us())).orElse("—") + " |");
            }
            out.println();
        }
        out.println();
        picture(fig5, "% saved against argument size (paper's Figure 5)");
    }

    /** A table of median times with % saved, one column per running configuration. */
    private void timeTable(String section, boolean withBytes) {
        List<Configuration> configs = r.running();
        out.print("| constellation |" + (withBytes ? " bytes |" : ""));
        configs.forEach(c -> out.print(" " + c.label() + " |"));
        out.println();
        out.print("|---|" + (withBytes ? "---:|" : ""));
        configs.forEach(c -> out.print("---:|"));
        out.println();
        for (String c : r.constellations(section)) {
            out.print("| " + cell(c) + " |");
            if (withBytes) {
                double b = r.rows.stream().filter(x -> x.section().equals(section) && x.constellation().equals(c))
                        .mapToDouble(Row::bytes).findFirst().orElse(Double.NaN);
                out.print(" " + (Double.isNaN(b) || b <= 0 ? "" : Long.toString((long) b)) + " |");
            }
            for (Configuration cfg : configs) {
                Optional<Row> row = r.find(section, c, cfg.key());
                if (row.isEmpty()) {
                    out.print(" — |");
                } else if (cfg.isBaseline()) {
                    out.print(" " + us(row.get().medianUs()) + " |");
                } else {
                    double s = r.saved(section, c, cfg.key());
                    out.print(" " + us(row.get().medianUs()) + (Double.isNaN(s) ? "" : " (" + pct(s) + ")") + " |");
                }
            }
            out.println();
        }
    }

    private void floor() {
        Optional<Row> f = r.find("floor", "1-byte round trip", Configuration.SOCKET.key());
        if (f.isEmpty()) {
            return;
        }
        out.println("## Floor: a raw socket round trip");
        out.println();
        out.println("Blocking Java sockets, TCP_NODELAY, 1 byte each way: what no RMI over TCP can beat on this machine.");
        out.println();
        out.println("| | median µs | p99 µs | × floor |");
        out.println("|---|---:|---:|---:|");
        out.println("| " + Configuration.SOCKET.label() + " | " + us(f.get().medianUs()) + " | " + us(f.get().p99Us()) + " | 1.00 |");
        for (Configuration c : r.running()) {
            r.find("kernel", "void ping()", c.key()).ifPresent(row -> out.println("| void ping(), " + c.label() + " | "
                    + us(row.medianUs()) + " | " + us(row.p99Us()) + " | "
                    + String.format(Locale.ROOT, "%.2f", row.medianUs() / f.get().medianUs()) + " |"));
        }
        out.println();
    }

    private void apps() {
        if (r.constellations("app").isEmpty()) {
            return;
        }
        out.println("## Small applications: median µs per run (% saved against (1))");
        out.println();
        timeTable("app", false);
        out.println();
        out.println("| application | configuration | answer | checked against the sequential run |");
        out.println("|---|---|---|---|");
        for (Row row : r.section("app")) {
            out.println("| " + cell(row.constellation()) + " | " + label(row.config()) + " | " + row.get("answer") + " | "
                    + ("true".equals(row.get("correct")) ? "correct" : "**WRONG**") + " |");
        }
        out.println();
    }

    private void clients(String cps) {
        if (r.constellations("clients").isEmpty()) {
            return;
        }
        out.println("## Calls per second against concurrent clients (`int next()`)");
        out.println();
        out.println("Clients are threads spread over the two client JVMs, all started together.");
        out.println();
        List<Configuration> configs = r.running();
        out.print("| clients |");
        configs.forEach(c -> out.print(" " + c.label() + ": calls/s, mean µs |"));
        out.println();
        out.print("|---:|");
        configs.forEach(c -> out.print("---:|"));
        out.println();
        for (String c : r.constellations("clients")) {
            out.print("| " + c.replace(" clients", "") + " |");
            for (Configuration cfg : configs) {
                out.print(" " + r.find("clients", c, cfg.key()).map(x -> String.format(Locale.ROOT, "%.0f, %s",
                        x.number("calls_per_s"), us(x.meanUs()))).orElse("—") + " |");
            }
            out.println();
        }
        out.println();
        picture(cps, "calls per second against clients");
    }

    private void types() {
        if (r.constellations("types").isEmpty()) {
            return;
        }
        out.println("## Return types and string sizes (CORBA paper): median µs per call (% saved)");
        out.println();
        timeTable("types", false);
        out.println();
    }

    private void parallel() {
        if (r.constellations("parallel").isEmpty()) {
            return;
        }
        out.println("## Does the server run concurrent calls in parallel? (CORBA paper, section 5.2)");
        out.println();
        out.println("| check | configuration | elapsed ms | verdict |");
        out.println("|---|---|---:|---|");
        for (String c : r.constellations("parallel")) {
            for (Configuration cfg : r.running()) {
                r.find("parallel", c, cfg.key()).ifPresent(row -> out.println("| " + c + " | " + cfg.label() + " | "
                        + row.get("elapsed_ms") + " | " + row.get("verdict") + " |"));
            }
        }
        out.println();
    }

    private void wireless() {
        if (r.constellations("wireless").isEmpty()) {
            return;
        }
        out.println("## Wireless paper cases (its Table 4): time, bytes on the wire and round trips per call");
        out.println();
        out.println("Bytes and round trips are counted at the client: for java.rmi by a counting client socket "
                + "factory (DGC and connection set-up included); for KaRMI by its own statistics "
                + "(`RemoteRuntime.statistics()`: bytes sent and received, framing included, summed over the "
                + "client's technologies; a round trip is a call sent). Collector messages and bytes are the part "
                + "of that traffic the distributed garbage collector caused, both directions: for java.rmi its DGC "
                + "calls (dirty, clean) and their replies, recognised by the DGC's object id in the call; for KaRMI "
                + "`RemoteRuntime.collectorStatistics()`, payload bytes. `NewRef` returns a new remote object per "
                + "call, which the client drops at once.");
        out.println();
        out.println("| case | configuration | median µs (% saved) | bytes sent/call | bytes received/call | round trips/call"
                + " | collector messages/call | collector bytes/call |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        for (String c : r.constellations("wireless")) {
            for (Configuration cfg : r.running()) {
                r.find("wireless", c, cfg.key()).ifPresent(row -> {
                    double s = r.saved("wireless", c, cfg.key());
                    out.println("| " + c + " | " + cfg.label() + " | " + us(row.medianUs())
                            + (cfg.isBaseline() || Double.isNaN(s) ? "" : " (" + pct(s) + ")") + " | "
                            + orNa(row.get("bytes_sent_per_call")) + " | " + orNa(row.get("bytes_received_per_call"))
                            + " | " + orNa(row.get("round_trips_per_call")) + " | "
                            + orNa(row.get("collector_messages_per_call")) + " | "
                            + orNa(row.get("collector_bytes_per_call")) + " |");
                });
            }
        }
        out.println();
    }

    private void bandwidth(String bw) {
        if (r.constellations("bandwidth").isEmpty()) {
            return;
        }
        out.println("## Bandwidth against message size (`void ping(obj)`): MB/s");
        out.println();
        List<Configuration> configs = new ArrayList<>(r.running());
        if (r.configurations.containsKey(Configuration.SOCKET)) {
            configs.add(Configuration.SOCKET);
        }
        out.print("| message | payload bytes |");
        configs.forEach(c -> out.print(" " + c.label() + " |"));
        out.println();
        out.print("|---|---:|");
        configs.forEach(c -> out.print("---:|"));
        out.println();
        for (String c : r.constellations("bandwidth")) {
            out.print("| " + cell(c) + " |");
            double b = r.rows.stream().filter(x -> x.section().equals("bandwidth") && x.constellation().equals(c))
                    .mapToDouble(Row::bytes).findFirst().orElse(0);
            out.print(" " + (long) b + " |");
            for (Configuration cfg : configs) {
                out.print(" " + r.find("bandwidth", c, cfg.key()).map(x -> x.get("MBps")).orElse("—") + " |");
            }
            out.println();
        }
        out.println();
        picture(bw, "bandwidth curves");
    }

    private void jmh() throws IOException {
        out.println("## Serialization alone (JMH, the papers' Table 2)");
        out.println();
        Path md = dir.resolve("jmh.md");
        if (Files.isRegularFile(md)) {
            // its headings one level below this section's
            for (String line : Files.readAllLines(md, StandardCharsets.UTF_8)) {
                out.println(line.startsWith("#") ? "##" + line : line);
            }
        } else {
            out.println("Not part of this run: `bench/run` writes `jmh.md` here when `bench/jmh` has benchmarks.");
        }
        out.println();
    }

    private void problems() {
        if (r.skipped.isEmpty() && r.failures.isEmpty()) {
            return;
        }
        out.println("## Skipped and failed");
        out.println();
        for (String s : r.skipped) {
            out.println("- " + s);
        }
        for (String f : r.failures) {
            out.println("- " + f);
        }
        out.println();
    }

    private void method() {
        out.println("## How this was measured");
        out.println();
        out.println("- Every configuration runs in its own JVMs: a server and two clients (the raw socket floor: "
                + "a server and one client), all started by the runner with the same JVM options, on loopback.");
        out.println("- For each constellation every configuration first warms up until stable (batch medians of "
                + "the last three batches within 10%, or a time limit), then the repetitions run round-robin over "
                + "the configurations, starting with a different one each time, so that machine drift hits all alike.");
        out.println("- Each call is timed with `System.nanoTime()`; median and 99th percentile are over all calls of "
                + "all repetitions; % saved = 1 − median(config) / median(java.rmi).");
        out.println("- Applications: one untimed run, then timed runs; each run's answer is compared with a "
                + "sequential run.");
        out.println("- Raw numbers: [`results.csv`](results.csv); node logs: `logs/`.");
        out.println();
    }

    // ------------------------------------------------------------------ helpers

    private void picture(String file, String alt) {
        if (file != null) {
            out.println("![" + alt + "](" + file + ")");
            out.println();
        }
    }

    private String label(String key) {
        for (Configuration c : r.configurations.keySet()) {
            if (c.key().equals(key)) {
                return c.label();
            }
        }
        return key;
    }

    private static String cell(String s) {
        return s.replace("|", "\\|");
    }

    private static String orNa(String s) {
        return s == null ? "n/a" : s;
    }

    static String us(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String pct(double v) {
        return String.format(Locale.ROOT, "%.0f%%", v);
    }

    private static String format(Duration d) {
        return String.format(Locale.ROOT, "%d min %02d s", d.toMinutes(), d.toSecondsPart());
    }
}
