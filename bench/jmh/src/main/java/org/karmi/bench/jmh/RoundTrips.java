package org.karmi.bench.jmh;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.karmi.bench.jmh.codecs.Codec;
import org.karmi.bench.jmh.codecs.Codecs;

/**
 * The correctness check run before measuring: every serializer writes every kind of object,
 * reads it back (first message, then the steady-state message, twice) and must get an equal
 * object. Records the message sizes, which serializers are not on the class path, and which
 * round trips failed and why. Built once, then read-only.
 */
final class RoundTrips {

    private final Map<Codecs, String> unavailable = new EnumMap<>(Codecs.class);
    private final Map<Codecs, Map<Kind, String>> failures = new EnumMap<>(Codecs.class);
    private final Map<Codecs, Map<Kind, int[]>> sizes = new EnumMap<>(Codecs.class);

    private RoundTrips() {
    }

    static RoundTrips check(List<Codecs> codecs, List<Kind> kinds) {
        RoundTrips r = new RoundTrips();
        for (Codecs c : codecs) {
            for (Kind k : kinds) {
                if (r.unavailable.containsKey(c)) {
                    break;
                }
                r.check(c, k);
            }
        }
        return r;
    }

    private void check(Codecs c, Kind k) {
        Object object = k.create();
        try {
            Codec codec = c.open(k.graph);
            int first = codec.write(object);
            codec.load(codec.written());
            expectEqual(object, codec.read(), "first message");
            int steady = codec.write(object);
            codec.load(codec.written());
            expectEqual(object, codec.read(), "steady-state message");
            expectEqual(object, codec.read(), "steady-state message read again");
            sizes.computeIfAbsent(c, x -> new EnumMap<>(Kind.class)).put(k, new int[] {first, steady});
        } catch (Codecs.UnavailableException e) {
            unavailable.put(c, e.getMessage());
        } catch (Exception | LinkageError | StackOverflowError e) {
            failures.computeIfAbsent(c, x -> new EnumMap<>(Kind.class)).put(k, oneLine(e));
        }
    }

    private static void expectEqual(Object expected, Object actual, String what) {
        if (!Kind.same(expected, actual)) {
            throw new IllegalStateException(what + " read back " + (actual == null ? "null" : actual.getClass().getName())
                    + ", not an equal object");
        }
    }

    private static String oneLine(Throwable e) {
        String s = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        s = s.replace('\n', ' ').replace('|', '/');
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }

    /** Whether the serializer is on the class path and passed at least one round trip. */
    boolean available(Codecs c) {
        return !unavailable.containsKey(c) && sizes.containsKey(c);
    }

    /** Why the serializer cannot be run here, or null. */
    String unavailable(Codecs c) {
        return unavailable.get(c);
    }

    /** Why the round trip of {@code k} failed, or null if it passed (or was not tried). */
    String failure(Codecs c, Kind k) {
        Map<Kind, String> f = failures.get(c);
        return f == null ? null : f.get(k);
    }

    /** Bytes of the steady-state message (the types already announced), or -1. */
    int steadyBytes(Codecs c, Kind k) {
        int[] s = sizes.getOrDefault(c, Map.of()).get(k);
        return s == null ? -1 : s[1];
    }

    /** Bytes of the first message on a fresh stream pair, or -1. */
    int firstBytes(Codecs c, Kind k) {
        int[] s = sizes.getOrDefault(c, Map.of()).get(k);
        return s == null ? -1 : s[0];
    }

    /** One line per serializer: ok, not available, or the failed kinds. */
    String summary() {
        StringBuilder b = new StringBuilder("round trips:\n");
        for (Codecs c : Codecs.values()) {
            if (unavailable.containsKey(c)) {
                b.append("  ").append(c).append(": not available (").append(unavailable.get(c)).append(")\n");
            } else if (failures.containsKey(c)) {
                b.append("  ").append(c).append(": FAILED ").append(failures.get(c)).append('\n');
            } else if (sizes.containsKey(c)) {
                b.append("  ").append(c).append(": ok\n");
            }
        }
        return b.toString();
    }
}
