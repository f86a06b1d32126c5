package org.karmi.bench.runner.args;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The factories of the collection, and lookup by name. */
public final class Factories {

    /** The array lengths the paper uses. */
    public static final int[] PAPER_LENGTHS = {50, 200, 500, 2000, 5000, 20000};

    private Factories() {
    }

    /** Every factory of the paper: null, arrays of every length, 4 int, 32 int, 4 int 2 null, tree(15). */
    public static List<ArgumentFactory> all() {
        List<ArgumentFactory> all = new ArrayList<>();
        all.add(new NullFactory());
        for (int n : PAPER_LENGTHS) {
            all.add(new ByteArrayFactory(n));
        }
        for (int n : PAPER_LENGTHS) {
            all.add(new IntArrayFactory(n));
        }
        for (int n : PAPER_LENGTHS) {
            all.add(new FloatArrayFactory(n));
        }
        all.add(new Int4Factory());
        all.add(new Int32Factory());
        all.add(new Int4Null2Factory());
        all.add(new TreeFactory(15));
        return all;
    }

    /** A smaller set for quick runs: every kind, arrays at 50, 500 and 5000 (float also 20000). */
    public static List<ArgumentFactory> quick() {
        return List.of(new NullFactory(), new ByteArrayFactory(50), new ByteArrayFactory(5000),
                new IntArrayFactory(500), new FloatArrayFactory(50), new FloatArrayFactory(5000),
                new Int4Factory(), new Int32Factory(), new Int4Null2Factory(), new TreeFactory(15));
    }

    /** Every factory of {@link #all()} and of bandwidth runs, by name. */
    public static ArgumentFactory byName(String name) {
        ArgumentFactory f = INDEX.get(name);
        if (f != null) {
            return f;
        }
        if (name.startsWith("byte[")) {
            return new ByteArrayFactory(length(name));
        }
        if (name.startsWith("float[")) {
            return new FloatArrayFactory(length(name));
        }
        if (name.startsWith("int[")) {
            return new IntArrayFactory(length(name));
        }
        if (name.startsWith("tree(")) {
            return new TreeFactory(Integer.parseInt(name.substring(5, name.length() - 1)));
        }
        throw new IllegalArgumentException("no argument factory named '" + name + "'");
    }

    private static int length(String name) {
        return Integer.parseInt(name.substring(name.indexOf('[') + 1, name.length() - 1));
    }

    private static final Map<String, ArgumentFactory> INDEX =
            all().stream().collect(Collectors.toMap(ArgumentFactory::name, Function.identity()));
}
