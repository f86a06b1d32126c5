package org.karmi.bench.jmh;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.Supplier;

import org.karmi.bench.runner.args.Int32;
import org.karmi.bench.runner.args.Int4Null2;
import org.karmi.bench.runner.args.Tree;
import org.karmi.bench.runner.args.Values;

/**
 * The kinds of object the serialization benchmarks write: the papers' Table 2 objects
 * ({@code 32 int}, {@code 4 int 2 null}, {@code tree(15)}), primitive arrays and strings.
 * The enum constant's name is the JMH parameter value; {@link #label} is the table's row name.
 * Immutable.
 */
public enum Kind {
    int32("32 int", false, Int32::sample),
    int4null2("4 int 2 null", false, Int4Null2::sample),
    tree15("tree(15)", true, () -> Tree.balanced(15)),
    float50("float[50]", false, () -> Values.floats(50)),
    float5000("float[5000]", false, () -> Values.floats(5000)),
    byte50("byte[50]", false, () -> Values.bytes(50)),
    byte5000("byte[5000]", false, () -> Values.bytes(5000)),
    byte20000("byte[20000]", false, () -> Values.bytes(20000)),
    int50("int[50]", false, () -> Values.ints(50)),
    int5000("int[5000]", false, () -> Values.ints(5000)),
    int20000("int[20000]", false, () -> Values.ints(20000)),
    string1("String(1)", false, () -> Values.string(1)),
    string100("String(100)", false, () -> Values.string(100)),
    string1000("String(1000)", false, () -> Values.string(1000)),
    string10000("String(10000)", false, () -> Values.string(10000));

    /** The kinds with a target in issue 3 (write + read at most Fory's). */
    public static final Kind[] TARGETS = {int32, int4null2, tree15, float50};

    /** Row name in the tables. */
    public final String label;
    /** Whether the object is a graph of several objects (Kryo and Fory then track references). */
    public final boolean graph;
    private final Supplier<Object> factory;

    Kind(String label, boolean graph, Supplier<Object> factory) {
        this.label = label;
        this.graph = graph;
        this.factory = factory;
    }

    /** A new instance of the benchmark object. */
    public Object create() {
        return factory.get();
    }

    /** Whether two objects of this kind are equal (arrays element by element). */
    public static boolean same(Object a, Object b) {
        if (a instanceof float[] && b instanceof float[]) {
            return Arrays.equals((float[]) a, (float[]) b);
        }
        if (a instanceof byte[] && b instanceof byte[]) {
            return Arrays.equals((byte[]) a, (byte[]) b);
        }
        if (a instanceof int[] && b instanceof int[]) {
            return Arrays.equals((int[]) a, (int[]) b);
        }
        return Objects.equals(a, b);
    }
}
