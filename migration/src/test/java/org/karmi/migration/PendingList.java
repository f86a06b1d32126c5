package org.karmi.migration;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The cases expected to differ under KaRMI for now ({@code pending.txt} on the test class path: one
 * {@code <case> <reason>} per line, {@code #} comments): such a case is reported as pending while it still
 * differs and fails once it passes, so that the list only shrinks; a reason starting with {@code flaky:} marks a
 * case whose outcome depends on what else runs on the machine, which may pass. Immutable.
 */
record PendingList(Map<String, String> reasons) {

    static PendingList load() {
        Map<String, String> reasons = new TreeMap<>();
        try (InputStream in = PendingList.class.getResourceAsStream("/pending.txt")) {
            if (in == null) {
                return new PendingList(Map.of());
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                String l = line.strip();
                if (!l.isEmpty() && !l.startsWith("#")) {
                    String[] parts = l.split("\\s+", 2);
                    reasons.put(parts[0], parts.length > 1 ? parts[1] : "(no reason given)");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new PendingList(Collections.unmodifiableMap(reasons));
    }

    /** Why the case is pending, or null if it is not. */
    String reason(String caseName) {
        return reasons.get(caseName);
    }

    /** Whether the case is pending and may pass for now. */
    boolean mayPass(String caseName) {
        String reason = reasons.get(caseName);
        return reason != null && reason.startsWith("flaky:");
    }
}
