package org.karmi.bench.runner.args;

import java.io.Serializable;
import java.util.Objects;

import org.karmi.serial.spi.Marshalled;

/**
 * The papers' {@code 4 int 2 null} object: four {@code int} fields and two reference fields
 * that are {@code null} in the benchmark. Plain {@link Serializable} with a public no-arg
 * constructor. Not thread-safe.
 */
@Marshalled
public final class Int4Null2 implements Serializable {

    private static final long serialVersionUID = 1L;

    public int a;
    public int b;
    public int c;
    public int d;
    public Object left;
    public Object right;

    /** An object whose fields are zero and null. */
    public Int4Null2() {
        // fields set by the caller or by a deserializer
    }

    /** The benchmark's instance: ints from {@link Values#intAt}, both references null. */
    public static Int4Null2 sample() {
        Int4Null2 o = new Int4Null2();
        o.a = Values.intAt(0);
        o.b = Values.intAt(1);
        o.c = Values.intAt(2);
        o.d = Values.intAt(3);
        return o;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Int4Null2)) {
            return false;
        }
        Int4Null2 o = (Int4Null2) other;
        return a == o.a && b == o.b && c == o.c && d == o.d
                && Objects.equals(left, o.left) && Objects.equals(right, o.right);
    }

    @Override
    public int hashCode() {
        return Objects.hash(a, b, c, d, left, right);
    }
}
