package org.karmi.bench.runner.args;

import java.io.Serializable;
import java.util.Objects;

import org.karmi.serial.spi.Marshalled;

/**
 * A node of the papers' {@code tree(15)}: four {@code int} fields and two children; the
 * benchmark writes the root of a balanced binary tree of 15 such nodes (depth 4). Plain
 * {@link Serializable} with a public no-arg constructor. Not thread-safe.
 */
@Marshalled
public final class Tree implements Serializable {

    private static final long serialVersionUID = 1L;

    public int a;
    public int b;
    public int c;
    public int d;
    public Tree left;
    public Tree right;

    /** A leaf whose fields are zero. */
    public Tree() {
        // fields set by the caller or by a deserializer
    }

    /** A balanced binary tree of {@code nodes} nodes ({@code 2^k - 1}), ints from {@link Values#intAt}. */
    public static Tree balanced(int nodes) {
        return build(0, nodes);
    }

    private static Tree build(int first, int count) {
        if (count <= 0) {
            return null;
        }
        Tree t = new Tree();
        int k = 4 * first;
        t.a = Values.intAt(k);
        t.b = Values.intAt(k + 1);
        t.c = Values.intAt(k + 2);
        t.d = Values.intAt(k + 3);
        int half = (count - 1) / 2;
        t.left = build(first + 1, half);
        t.right = build(first + 1 + half, count - 1 - half);
        return t;
    }

    /** Number of nodes reachable from this one. */
    public int size() {
        return 1 + (left == null ? 0 : left.size()) + (right == null ? 0 : right.size());
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Tree)) {
            return false;
        }
        Tree o = (Tree) other;
        return a == o.a && b == o.b && c == o.c && d == o.d
                && Objects.equals(left, o.left) && Objects.equals(right, o.right);
    }

    @Override
    public int hashCode() {
        return Objects.hash(a, b, c, d, left, right);
    }
}
