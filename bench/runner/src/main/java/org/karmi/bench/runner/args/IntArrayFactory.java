package org.karmi.bench.runner.args;

/** {@code int[n]}. */
public record IntArrayFactory(int length) implements ArgumentFactory {

    @Override
    public String name() {
        return "int[" + length + "]";
    }

    @Override
    public Object create() {
        int[] a = new int[length];
        for (int i = 0; i < length; i++) {
            a[i] = i * 1_000_003;
        }
        return a;
    }
}
