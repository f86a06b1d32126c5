package org.karmi.bench.jmh;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.karmi.bench.jmh.Table2.Cell;
import org.karmi.bench.jmh.Table2.Op;
import org.karmi.bench.jmh.codecs.Codecs;

/**
 * Renders the measurements of {@link Table2} as Markdown: the papers' Table 2 (ours against
 * JDK serialization), one table per metric with a column per serializer, and the targets of
 * issue 3. Not thread-safe; used once.
 */
final class Markdown {

    /** Below this many bytes per operation a path counts as allocation-free (JMH's own noise). */
    private static final double NO_ALLOCATION_BYTES = 1.0;

    private final List<Kind> kinds;
    private final List<Codecs> codecs;
    private final List<Codecs> measured;
    private final RoundTrips checks;
    private final Map<Op, Map<Codecs, Map<Kind, Cell>>> cells;
    private final StringBuilder md = new StringBuilder(8192);

    Markdown(List<Kind> kinds, List<Codecs> codecs, List<Codecs> measured, RoundTrips checks,
            Map<Op, Map<Codecs, Map<Kind, Cell>>> cells) {
        this.kinds = kinds;
        this.codecs = codecs;
        this.measured = measured;
        this.checks = checks;
        this.cells = cells;
    }

    String render(String settings, String vm, String load) {
        line("## Serialization microbenchmarks (JMH)");
        line("");
        line("- JVM: " + vm);
        line("- Machine: " + load);
        line("- Settings: " + settings);
        line("- Time in ns per object (JMH average time; `±` is the 99.9% confidence half-width when there are enough"
                + " iterations). Bytes: the message of one object once the stream pair is warm (types already"
                + " announced). Allocation: `gc.alloc.rate.norm` of `-prof gc`, bytes per operation; a read allocates at"
                + " least the object it returns.");
        line("");
        serializers();
        if (!measured.isEmpty()) {
            table2();
            metric("Write, ns per object", Op.write, false);
            metric("Read, ns per object", Op.read, false);
        }
        bytes();
        if (!measured.isEmpty()) {
            metric("Allocation per write, B/op", Op.write, true);
            metric("Allocation per read, B/op", Op.read, true);
        }
        targets();
        failures();
        return md.toString();
    }

    private void serializers() {
        line("Serializers:");
        for (Codecs c : codecs) {
            String status = checks.unavailable(c) != null ? " **not available**: " + checks.unavailable(c) : "";
            line("- " + c.label + " (`" + c.name() + "`): " + description(c) + status);
        }
        line("");
    }

    private static String description(Codecs c) {
        switch (c) {
            case uka: return "the UKA-serialization through KaRMI's Serializer SPI, one SerialOutput/SerialInput pair reused"
                    + " over one WireBuffer, `resetObjects()` after each message (the reference layer's per-call pattern);"
                    + " the benchmark classes on its allow-list (`UkaConfig.allow`, as Kryo and Fory register them), no"
                    + " per-message filter; the objects' marshallers generated at compile time (`@Marshalled`).";
            case ukaFilter: return "as UKA (ours), but the benchmark classes allowed by a per-message ObjectInputFilter"
                    + " (or a JVM-wide one) instead of the allow-list.";
            case ukaRt: return "the same, but with the run-time marshallers (compile-time generated ones switched off"
                    + " with `UkaConfig.generatedMarshallers(false)`), as for a class the annotation processor did not see.";
            case jdk: return "JDK serialization, a fresh ObjectOutputStream/ObjectInputStream per object, as java.rmi does:"
                    + " the 100% of the improvements.";
            case jdkReset: return "JDK serialization, one stream pair reused, `reset()` before each object (which also"
                    + " forgets the class descriptors).";
            case jdkSpi: return "KaRMI's `jdk` serializer through the SPI (a fresh JDK stream per message over the WireBuffer).";
            case kryo: return "Kryo 5.6, classes registered, `writeClassAndObject`, references tracked for graphs only,"
                    + " safe Output/Input.";
            case fory: return "Apache Fory 0.13, Java mode, classes registered, codegen (synchronous), numbers not"
                    + " compressed, references tracked for graphs only.";
            default: return "";
        }
    }

    private void table2() {
        line("### Table 2: ours against JDK serialization (fresh stream per object)");
        line("");
        line("| ns per object | JDK w | JDK r | UKA w | UKA r | improvement w | improvement r | improvement w+r |");
        line("|---|--:|--:|--:|--:|--:|--:|--:|");
        for (Kind k : kinds) {
            Cell jw = cell(Op.write, Codecs.jdk, k);
            Cell jr = cell(Op.read, Codecs.jdk, k);
            Cell uw = cell(Op.write, Codecs.uka, k);
            Cell ur = cell(Op.read, Codecs.uka, k);
            line("| " + k.label + " | " + ns(jw, Codecs.jdk, k) + " | " + ns(jr, Codecs.jdk, k)
                    + " | " + ns(uw, Codecs.uka, k) + " | " + ns(ur, Codecs.uka, k)
                    + " | " + improvement(jw, uw) + " | " + improvement(jr, ur)
                    + " | " + improvement(sum(jw, jr), sum(uw, ur)) + " |");
        }
        line("");
    }

    private void metric(String title, Op op, boolean alloc) {
        line("### " + title);
        line("");
        header("object");
        for (Kind k : kinds) {
            StringBuilder row = new StringBuilder("| " + k.label + " |");
            for (Codecs c : codecs) {
                Cell cell = cell(op, c, k);
                row.append(' ').append(alloc ? allocBytes(cell, c, k) : nsError(cell, c, k)).append(" |");
            }
            line(row.toString());
        }
        line("");
    }

    private void bytes() {
        line("### Bytes per object (steady state; UKA's first message on a new connection in parentheses)");
        line("");
        header("object");
        for (Kind k : Kind.values()) {
            StringBuilder row = new StringBuilder("| " + k.label + " |");
            for (Codecs c : codecs) {
                int steady = checks.steadyBytes(c, k);
                String text = steady < 0 ? missing(c, k) : Integer.toString(steady);
                if (c == Codecs.uka && steady >= 0 && checks.firstBytes(c, k) != steady) {
                    text += " (" + checks.firstBytes(c, k) + ")";
                }
                row.append(' ').append(text).append(" |");
            }
            line(row.toString());
        }
        line("");
    }

    private void targets() {
        line("### Targets of issue 3");
        line("");
        if (checks.unavailable(Codecs.uka) != null || !codecs.contains(Codecs.uka)) {
            line("Not checked: the UKA-serialization is not available here (" + checks.unavailable(Codecs.uka) + ").");
            line("");
            return;
        }
        line("| target | object | ours | reference | verdict |");
        line("|---|---|--:|--:|---|");
        for (Kind k : Kind.TARGETS) {
            if (!kinds.contains(k) || measured.isEmpty()) {
                continue;
            }
            Cell ours = sum(cell(Op.write, Codecs.uka, k), cell(Op.read, Codecs.uka, k));
            Cell fory = sum(cell(Op.write, Codecs.fory, k), cell(Op.read, Codecs.fory, k));
            String verdict = ours == null || fory == null ? "not measured"
                    : ours.ns <= fory.ns ? "met (" + percent(fory.ns - ours.ns, fory.ns) + " faster)"
                    : "**missed** by " + format(ours.ns - fory.ns) + " ns (" + percent(ours.ns - fory.ns, fory.ns) + " slower)";
            line("| w+r <= Fory's | " + k.label + " | " + (ours == null ? "-" : format(ours.ns) + " ns")
                    + " | " + (fory == null ? "-" : format(fory.ns) + " ns") + " | " + verdict + " |");
        }
        for (Kind k : measured.isEmpty() ? List.<Kind>of() : kinds) {
            Cell w = cell(Op.write, Codecs.uka, k);
            String verdict = w == null || Double.isNaN(w.allocBytes) ? "not measured"
                    : w.allocBytes < NO_ALLOCATION_BYTES ? "met" : "**missed**: " + format(w.allocBytes) + " B per write";
            line("| no allocation when writing | " + k.label + " | " + (w == null ? "-" : format(w.allocBytes) + " B/op")
                    + " | 0 | " + verdict + " |");
        }
        for (Kind k : Kind.values()) {
            int ours = checks.steadyBytes(Codecs.uka, k);
            int jdk = checks.steadyBytes(Codecs.jdk, k);
            String verdict = ours < 0 || jdk < 0 ? "not measured"
                    : ours <= jdk ? "met" : "**missed** by " + (ours - jdk) + " bytes";
            line("| bytes <= JDK's | " + k.label + " | " + ours + " | " + jdk + " | " + verdict + " |");
        }
        line("");
    }

    private void failures() {
        boolean any = false;
        for (Codecs c : codecs) {
            for (Kind k : Kind.values()) {
                String f = checks.failure(c, k);
                if (f != null) {
                    if (!any) {
                        line("### Failed round trips (not measured)");
                        line("");
                        any = true;
                    }
                    line("- " + c.label + ", " + k.label + ": " + f);
                }
            }
        }
        if (any) {
            line("");
        }
    }

    private void header(String first) {
        StringBuilder h = new StringBuilder("| " + first + " |");
        StringBuilder rule = new StringBuilder("|---|");
        for (Codecs c : codecs) {
            h.append(' ').append(c.label).append(" |");
            rule.append("--:|");
        }
        line(h.toString());
        line(rule.toString());
    }

    private Cell cell(Op op, Codecs c, Kind k) {
        return cells.getOrDefault(op, Map.of()).getOrDefault(c, Map.of()).get(k);
    }

    private static Cell sum(Cell a, Cell b) {
        return a == null || b == null ? null : new Cell(a.ns + b.ns, Double.NaN, a.allocBytes + b.allocBytes);
    }

    private String missing(Codecs c, Kind k) {
        if (!codecs.contains(c)) {
            return "-";
        }
        if (checks.unavailable(c) != null) {
            return "not available";
        }
        if (checks.failure(c, k) != null) {
            return "failed";
        }
        return measured.contains(c) ? "error" : "-";
    }

    private String ns(Cell cell, Codecs c, Kind k) {
        return cell == null ? missing(c, k) : format(cell.ns);
    }

    private String nsError(Cell cell, Codecs c, Kind k) {
        if (cell == null) {
            return missing(c, k);
        }
        return Double.isNaN(cell.error) ? format(cell.ns) : format(cell.ns) + " ± " + format(cell.error);
    }

    private String allocBytes(Cell cell, Codecs c, Kind k) {
        if (cell == null) {
            return missing(c, k);
        }
        return Double.isNaN(cell.allocBytes) ? "?" : format(cell.allocBytes);
    }

    private static String improvement(Cell base, Cell ours) {
        return base == null || ours == null ? "-" : percent(base.ns - ours.ns, base.ns);
    }

    private static String percent(double part, double whole) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * part / whole);
    }

    private static String format(double v) {
        if (Double.isNaN(v)) {
            return "?";
        }
        double a = Math.abs(v);
        if (a < 1) {
            return a < 0.05 ? "0" : String.format(Locale.ROOT, "%.1f", v);
        }
        return a < 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%,.0f", v);
    }

    private void line(String s) {
        md.append(s).append('\n');
    }
}
