package org.karmi.serial.jdk.internal;

import java.io.ObjectInputFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The serializer's own allow-list ({@code karmi.serial.allow}): comma-separated patterns with
 * the meaning the reference layer gives them, which is that of
 * {@link ObjectInputFilter.Config#createFilter}: {@code org.acme.Order} (one class),
 * {@code org.acme.*} (the classes of that package), {@code org.acme.**} (that package and its
 * sub-packages), {@code org.acme.Ord*} (names starting so). Reject patterns ({@code !}) and
 * limits ({@code maxdepth=}) are not allow-list entries and are refused; {@code *} alone allows
 * every class (for trusted clusters only). Answers are cached per class. Immutable; thread-safe.
 */
public final class AllowPatterns implements Predicate<Class<?>> {

    /** Allows nothing. */
    public static final AllowPatterns NONE = new AllowPatterns(List.of(), null);

    private final List<String> patterns;
    private final ObjectInputFilter filter;
    private final ClassValue<Boolean> cache = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            return filter.checkInput(new ClassInfo(c)) == ObjectInputFilter.Status.ALLOWED;
        }
    };

    private AllowPatterns(List<String> patterns, ObjectInputFilter filter) {
        this.patterns = patterns;
        this.filter = filter;
    }

    /**
     * Parses a comma-separated list; blanks are ignored.
     *
     * @throws IllegalArgumentException for a pattern with a {@code *} anywhere but at its end,
     *         or with characters a class name cannot have
     */
    public static AllowPatterns parse(String list) {
        if (list == null || list.isBlank()) {
            return NONE;
        }
        List<String> out = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            String body = p.endsWith(".**") ? p.substring(0, p.length() - 3)
                    : p.endsWith("*") ? p.substring(0, p.length() - 1) : p;
            if (body.chars().anyMatch(ch -> ch == '*' || ch == '!' || ch == '=' || ch == '/'
                    || ch == ';' || Character.isWhitespace(ch))) {
                throw new IllegalArgumentException("karmi.serial.allow: bad pattern '" + p
                        + "' (use org.acme.Order, org.acme.*, org.acme.** or org.acme.Ord*)");
            }
            out.add(p);
        }
        return out.isEmpty() ? NONE
                : new AllowPatterns(List.copyOf(out), ObjectInputFilter.Config.createFilter(String.join(";", out)));
    }

    /** Whether {@code c} (an element type, not an array) is on the list. */
    @Override
    public boolean test(Class<?> c) {
        return filter != null && cache.get(c);
    }

    @Override
    public String toString() {
        return String.join(",", patterns);
    }

    /** A class-only question to the pattern filter. */
    private record ClassInfo(Class<?> serialClass) implements ObjectInputFilter.FilterInfo {
        @Override public long arrayLength() { return -1; }
        @Override public long depth() { return 1; }
        @Override public long references() { return 1; }
        @Override public long streamBytes() { return 0; }
    }
}
