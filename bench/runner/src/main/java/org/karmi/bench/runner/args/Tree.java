package org.karmi.bench.runner.args;

import java.io.Serial;
import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/** A node of a binary tree with 4 {@code int} values. */
@Marshalled
public final class Tree implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    public int i0;
    public int i1;
    public int i2;
    public int i3;
    public Tree left;
    public Tree right;

    public Tree() {
    }

    /** A balanced tree of {@code nodes} nodes. */
    public static Tree balanced(int nodes, int seed) {
        if (nodes <= 0) {
            return null;
        }
        Tree t = new Tree();
        t.i0 = seed;
        t.i1 = seed * 3;
        t.i2 = seed * 5;
        t.i3 = seed * 7;
        int rest = nodes - 1;
        t.left = balanced(rest - rest / 2, seed * 2);
        t.right = balanced(rest / 2, seed * 2 + 1);
        return t;
    }

    /** The number of nodes. */
    public int size() {
        return 1 + (left == null ? 0 : left.size()) + (right == null ? 0 : right.size());
    }
}
