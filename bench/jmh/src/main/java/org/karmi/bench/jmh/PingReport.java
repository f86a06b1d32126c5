package org.karmi.bench.jmh;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import org.karmi.bench.jmh.ping.PingAlloc;
import org.karmi.bench.jmh.ping.PingBench;

/**
 * The {@code --ping} section of {@link Table2}: KaRMI {@code void ping()} between two nodes of
 * one JVM over TCP, per serializer: time per call and whole-JVM allocation per call (JMH,
 * {@code -prof gc}), and the caller thread's own allocation per call ({@link PingAlloc},
 * measured in this JVM). A configuration that cannot start is reported with its reason.
 * Single-threaded.
 */
final class PingReport {

    private static final String[] SERIALIZERS = {"uka", "jdk"};

    private PingReport() {
    }

    static String run(boolean quick, String jvm, boolean verbose) throws RunnerException {
        StringBuilder md = new StringBuilder();
        md.append("### KaRMI `void ping()`, two nodes in one JVM over TCP loopback\n\n");
        md.append("Target of issue 3 / the papers: at most one allocated object per call on the caller once warm.\n\n");
        md.append("| serializer | us per call (JMH) | B/call, whole JVM (`-prof gc`) | B/call, caller thread | caller objects (B/16) |\n");
        md.append("|---|--:|--:|--:|--:|\n");
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include(PingBench.class.getName() + "\\.ping$")
                .param("serializer", SERIALIZERS)
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(false)
                .forks(1)
                .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT);
        if (quick) {
            o.warmupIterations(1).warmupTime(TimeValue.seconds(2)).measurementIterations(2).measurementTime(TimeValue.seconds(1));
        }
        if (jvm != null) {
            o.jvm(jvm);
        }
        Collection<RunResult> results = new Runner(o.build()).run();
        for (String s : SERIALIZERS) {
            RunResult r = find(results, s);
            String us = "error";
            String jvmBytes = "error";
            if (r != null) {
                us = String.format(Locale.ROOT, "%.1f", r.getPrimaryResult().getScore());
                for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
                    if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                        jvmBytes = String.format(Locale.ROOT, "%.0f", e.getValue().getScore());
                    }
                }
            }
            String caller;
            String objects;
            try {
                double bytes = PingAlloc.callerBytesPerCall(s);
                caller = String.format(Locale.ROOT, "%.1f", bytes);
                objects = String.format(Locale.ROOT, "%.1f", bytes / 16);
            } catch (Exception | LinkageError e) {
                caller = "not measured: " + e.toString().replace('|', '/').replace('\n', ' ');
                objects = "-";
            }
            md.append("| ").append(s).append(" | ").append(us).append(" | ").append(jvmBytes).append(" | ")
                    .append(caller).append(" | ").append(objects).append(" |\n");
        }
        md.append("\nThe caller-thread column comes from the JDK's per-thread allocation counter after ")
                .append("200,000 warm-up calls; 16 bytes is the smallest object, so B/16 bounds the object count from above.\n\n");
        return md.toString();
    }

    private static RunResult find(Collection<RunResult> results, String serializer) {
        for (RunResult r : results) {
            if (serializer.equals(r.getParams().getParam("serializer"))) {
                return r;
            }
        }
        return null;
    }
}
