package org.karmi.bench.runner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Everything a run found: rows, configurations that ran or were skipped, failures. Runner thread only. */
public final class Results {

    /** Configurations in the order they are compared, with whether they ran. */
    public final Map<Configuration, String> configurations = new LinkedHashMap<>();
    public final List<Row> rows = new ArrayList<>();
    /** Lines saying what was skipped and why. */
    public final List<String> skipped = new ArrayList<>();
    /** Constellations that produced no number, and why. */
    public final List<String> failures = new ArrayList<>();
    /** Every constellation that was attempted, as {@code section: constellation | config}. */
    public final List<String> attempted = new ArrayList<>();

    void add(Row row) {
        rows.add(row);
    }

    /** The RMI configurations that started, in order (not the socket floor). */
    public List<Configuration> running() {
        List<Configuration> out = new ArrayList<>();
        configurations.forEach((c, status) -> {
            if (status.startsWith("ran") && c.number() > 0) {
                out.add(c);
            }
        });
        return out;
    }

    public List<Row> section(String section) {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.section().equals(section)) {
                out.add(r);
            }
        }
        return Collections.unmodifiableList(out);
    }

    /** The constellations of a section in first-seen order. */
    public List<String> constellations(String section) {
        List<String> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.section().equals(section) && !out.contains(r.constellation())) {
                out.add(r.constellation());
            }
        }
        return out;
    }

    public Optional<Row> find(String section, String constellation, String config) {
        for (Row r : rows) {
            if (r.section().equals(section) && r.constellation().equals(constellation) && r.config().equals(config)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    /** Percent of time saved by {@code config} against configuration (1), or NaN. */
    public double saved(String section, String constellation, String config) {
        Optional<Row> base = find(section, constellation, Configuration.RMI.key());
        Optional<Row> other = find(section, constellation, config);
        if (base.isEmpty() || other.isEmpty()) {
            return Double.NaN;
        }
        return 100.0 * (1.0 - other.get().medianUs() / base.get().medianUs());
    }

    /** Sections whose rows enter the % saved summary (the paper's constellations). */
    public static final List<String> SAVED_SECTIONS = List.of("kernel", "app");

    /** % saved by {@code config} over every constellation of the paper's sections. */
    public List<Double> savedAll(String config) {
        List<Double> out = new ArrayList<>();
        for (String section : SAVED_SECTIONS) {
            for (String c : constellations(section)) {
                double s = saved(section, c, config);
                if (!Double.isNaN(s)) {
                    out.add(s);
                }
            }
        }
        return out;
    }
}
