package org.karmi.core.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The user's allow-list of classes that calls may carry on top of the remote interfaces'
 * declared types ({@code karmi.serial.allow}): comma-separated patterns in the syntax of
 * {@link java.io.ObjectInputFilter.Config#createFilter}: {@code org.acme.Order} (one class),
 * {@code org.acme.*} (the classes of package {@code org.acme}), {@code org.acme.**} (that
 * package and its sub-packages), {@code org.acme.Ord*} (names starting so). Answers are cached
 * per class, so a check costs no string work after the first. Immutable; thread-safe.
 */
final class AllowList {

    /** Allows nothing. */
    static final AllowList NONE = new AllowList(List.of());

    private final List<String> exact = new ArrayList<>();
    private final List<String> packages = new ArrayList<>();
    private final List<String> trees = new ArrayList<>();
    private final List<String> prefixes = new ArrayList<>();
    private final List<String> patterns;
    private final ClassValue<Boolean> cache = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            return match(c.getName());
        }
    };

    private AllowList(List<String> patterns) {
        this.patterns = List.copyOf(patterns);
        for (String p : patterns) {
            if (p.endsWith(".**")) {
                trees.add(p.substring(0, p.length() - 2));
            } else if (p.endsWith(".*")) {
                packages.add(p.substring(0, p.length() - 1));
            } else if (p.endsWith("*")) {
                prefixes.add(p.substring(0, p.length() - 1));
            } else {
                exact.add(p);
            }
        }
    }

    /**
     * Parses a comma-separated list of patterns; blanks are ignored.
     *
     * @throws IllegalArgumentException for a pattern with a {@code *} anywhere but at its end,
     *         or with characters a class name cannot have
     */
    static AllowList parse(String list) {
        if (list == null || list.isBlank()) {
            return NONE;
        }
        List<String> out = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            String body = p.endsWith(".**") ? p.substring(0, p.length() - 3) : p.endsWith("*") ? p.substring(0, p.length() - 1) : p;
            if (body.indexOf('*') >= 0 || body.chars().anyMatch(ch -> Character.isWhitespace(ch) || ch == '/' || ch == ';')) {
                throw new IllegalArgumentException("karmi.serial.allow: bad pattern '" + p
                        + "' (use org.acme.Order, org.acme.*, org.acme.** or org.acme.Ord*)");
            }
            out.add(p);
        }
        return out.isEmpty() ? NONE : new AllowList(out);
    }

    /** Whether {@code c} (not an array) is allowed. */
    boolean allows(Class<?> c) {
        return !patterns.isEmpty() && cache.get(c);
    }

    private boolean match(String name) {
        if (exact.contains(name)) {
            return true;
        }
        int dot = name.lastIndexOf('.');
        String pkg = dot < 0 ? "" : name.substring(0, dot + 1);
        if (packages.contains(pkg)) {
            return true;
        }
        for (String t : trees) {
            if (name.startsWith(t)) {
                return true;
            }
        }
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return String.join(",", patterns);
    }
}
