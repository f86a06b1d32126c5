package org.karmi.bench.runner.args;

/** {@code 32 int}: an object with 32 int values. */
public final class Int32Factory implements ArgumentFactory {

    @Override
    public String name() {
        return "32 int";
    }

    @Override
    public Object create() {
        return Int32.sample();
    }
}
