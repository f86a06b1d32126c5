package org.karmi.spi.ref;

import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The 64-bit number that identifies a remote method in a call (see {@code docs/PROTOCOL.md},
 * "Reference layer payloads"): the first eight bytes, little-endian, of the SHA-256 of the
 * method's signature string {@code name(type,type,...)}, where each parameter type is
 * written as {@link Class#getTypeName()} writes it ({@code int}, {@code java.lang.String},
 * {@code a.Outer$Inner}, {@code byte[][]}). The return type is not part of it, as it is
 * not part of a Java method's identity.
 *
 * <p>Generated stubs and skeletons embed these numbers as constants (the annotation
 * processor computes the same string from source); proxies and reflective skeletons
 * compute them at run time. Stateless and thread-safe.
 */
public final class MethodHash {

    private MethodHash() {
    }

    /** The signature string of {@code method}: {@code name(type,type,...)}. */
    public static String signature(Method method) {
        StringBuilder b = new StringBuilder(method.getName()).append('(');
        Class<?>[] params = method.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(params[i].getTypeName());
        }
        return b.append(')').toString();
    }

    /** The hash of {@code method}. */
    public static long of(Method method) {
        return of(signature(method));
    }

    /** The hash of a signature string {@code name(type,type,...)}. */
    public static long of(String signature) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(signature.getBytes(StandardCharsets.UTF_8));
            long h = 0;
            for (int i = 7; i >= 0; i--) {
                h = (h << 8) | (d[i] & 0xff);
            }
            return h;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from this JVM", e);
        }
    }
}
