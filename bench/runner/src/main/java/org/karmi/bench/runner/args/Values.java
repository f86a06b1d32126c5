package org.karmi.bench.runner.args;

/**
 * The values the benchmark objects hold: deterministic, and a mix of small and large
 * magnitudes so that neither fixed-width nor variable-length integer encodings are favoured
 * (even indices give small values, odd ones values that need four or five bytes as varints).
 * Stateless.
 */
public final class Values {

    private Values() {
    }

    /** The {@code k}-th int value: {@code k} for even {@code k}, {@code k * 0x9E3779B1} for odd. */
    public static int intAt(int k) {
        return (k & 1) == 0 ? k : k * 0x9E3779B1;
    }

    /** {@code float[n]} with element {@code k} = {@code k * 0.25f - 1}. */
    public static float[] floats(int n) {
        float[] a = new float[n];
        for (int k = 0; k < n; k++) {
            a[k] = k * 0.25f - 1;
        }
        return a;
    }

    /** {@code byte[n]} with element {@code k} = {@code (byte) k}. */
    public static byte[] bytes(int n) {
        byte[] a = new byte[n];
        for (int k = 0; k < n; k++) {
            a[k] = (byte) k;
        }
        return a;
    }

    /** {@code int[n]} with element {@code k} = {@link #intAt(int) intAt(k)}. */
    public static int[] ints(int n) {
        int[] a = new int[n];
        for (int k = 0; k < n; k++) {
            a[k] = intAt(k);
        }
        return a;
    }

    /** An ASCII string of {@code n} chars (letters and digits, cycling). */
    public static String string(int n) {
        String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        StringBuilder s = new StringBuilder(n);
        for (int k = 0; k < n; k++) {
            s.append(alphabet.charAt(k % alphabet.length()));
        }
        return s.toString();
    }
}
