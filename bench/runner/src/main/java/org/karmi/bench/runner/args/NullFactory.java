package org.karmi.bench.runner.args;

/** {@code null}: the null pointer. */
public final class NullFactory implements ArgumentFactory {

    @Override
    public String name() {
        return "null";
    }

    @Override
    public Object create() {
        return null;
    }
}
