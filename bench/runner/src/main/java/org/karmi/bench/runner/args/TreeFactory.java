package org.karmi.bench.runner.args;

/** {@code tree(n)}: a balanced binary tree of n nodes with 4 int values each. */
public record TreeFactory(int nodes) implements ArgumentFactory {

    @Override
    public String name() {
        return "tree(" + nodes + ")";
    }

    @Override
    public Object create() {
        return Tree.balanced(nodes);
    }
}
