package org.karmi.serial.model;

import java.io.Serializable;

import org.karmi.serial.spi.Marshalled;

/** A node of the paper's "tree(15)": 4 ints and two children. */
@Marshalled
public class Node implements Serializable {
    private static final long serialVersionUID = 1L;
    int a;
    int b;
    int c;
    int d;
    Node left;
    Node right;

    public Node() {
    }

    public Node(int v) {
        a = v;
        b = v + 1;
        c = v + 2;
        d = v + 3;
    }

    /** A balanced binary tree of {@code n} nodes (n = 15 for the paper's tree(15)). */
    public static Node tree(int n) {
        return build(0, n);
    }

    private static Node build(int from, int count) {
        if (count <= 0) {
            return null;
        }
        int leftCount = (count - 1) / 2;
        Node node = new Node(from + leftCount);
        node.left = build(from, leftCount);
        node.right = build(from + leftCount + 1, count - 1 - leftCount);
        return node;
    }

    public Node left() {
        return left;
    }

    public void setLeft(Node n) {
        left = n;
    }
}
