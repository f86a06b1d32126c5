package org.karmi.core.internal;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which collector governs the references that travel over a technology: configuration
 * {@code karmi.dgc} ({@code tcp=lease,parastation=cluster}); a technology it does not name
 * gets its default ({@code lease} for {@code tcp}, {@code cluster} for {@code parastation},
 * {@code lease} otherwise), or, when that collector is not installed, any installed one
 * ({@code lease} first). A technology the configuration names gets only the collector named.
 * Immutable.
 */
final class CollectorMapping {

    private static final Map<String, List<String>> DEFAULTS = Map.of(
            "tcp", List.of("lease", "cluster"),
            "parastation", List.of("cluster", "lease"));
    private static final List<String> OTHER = List.of("lease", "cluster");

    private final Map<String, String> configured;

    CollectorMapping(Map<String, String> configured) {
        this.configured = Map.copyOf(configured);
    }

    /**
     * Parses {@code tech=collector,...}.
     *
     * @throws IllegalArgumentException naming the malformed part
     */
    static Map<String, String> parse(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text == null) {
            return m;
        }
        for (String part : text.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq <= 0 || eq == part.length() - 1) {
                throw new IllegalArgumentException("karmi.dgc: expected technology=collector, got '" + part.trim() + "'");
            }
            m.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
        }
        return m;
    }

    /** The collector name for {@code technology} among {@code installed}, or {@code null}. */
    String collectorFor(String technology, Collection<String> installed) {
        String named = configured.get(technology);
        if (named != null) {
            return installed.contains(named) ? named : null;
        }
        for (String c : DEFAULTS.getOrDefault(technology, OTHER)) {
            if (installed.contains(c)) {
                return c;
            }
        }
        return installed.isEmpty() ? null : installed.iterator().next();
    }

    @Override
    public String toString() {
        return configured.isEmpty() ? "default mapping (tcp=lease, parastation=cluster)" : "karmi.dgc=" + configured;
    }
}
