package org.karmi.bench.runner.args;

/** {@code 4 int 2 null}: 4 int values and two null references. */
public final class Int4Null2Factory implements ArgumentFactory {

    @Override
    public String name() {
        return "4 int 2 null";
    }

    @Override
    public Object create() {
        return Int4Null2.sample();
    }
}
