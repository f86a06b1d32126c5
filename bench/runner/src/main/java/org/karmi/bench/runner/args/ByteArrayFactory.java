package org.karmi.bench.runner.args;

/** {@code byte[n]}, filled with a pattern (not zeros, which a compressing link would flatter). */
public record ByteArrayFactory(int length) implements ArgumentFactory {

    @Override
    public String name() {
        return "byte[" + length + "]";
    }

    @Override
    public Object create() {
        byte[] a = new byte[length];
        for (int i = 0; i < length; i++) {
            a[i] = (byte) (i * 31 + 7);
        }
        return a;
    }
}
