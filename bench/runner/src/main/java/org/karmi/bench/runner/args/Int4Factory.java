package org.karmi.bench.runner.args;

/** {@code 4 int}: an object with 4 int values. */
public final class Int4Factory implements ArgumentFactory {

    @Override
    public String name() {
        return "4 int";
    }

    @Override
    public Object create() {
        return new Int4(4);
    }
}
