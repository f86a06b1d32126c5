package org.karmi.bench.runner.args;

/** {@code float[n]}. */
public record FloatArrayFactory(int length) implements ArgumentFactory {

    @Override
    public String name() {
        return "float[" + length + "]";
    }

    @Override
    public Object create() {
        float[] a = new float[length];
        for (int i = 0; i < length; i++) {
            a[i] = i * 0.37f;
        }
        return a;
    }
}
