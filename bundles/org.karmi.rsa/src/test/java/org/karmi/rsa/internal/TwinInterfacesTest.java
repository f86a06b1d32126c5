package org.karmi.rsa.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.karmi.spi.ref.MethodHash;

/**
 * The twin of an interface with asynchronous methods keeps every method's name and parameter
 * types (so its method hashes), returns {@code Object} where the original returns a future,
 * declares {@code Exception}, and names every type the original declares; an interface
 * without asynchronous methods is exported as it is.
 */
class TwinInterfacesTest {

    public interface Plain {
        String hello(String name);
    }

    private static Map<String, Method> bySignature(Class<?> c) {
        Map<String, Method> out = new TreeMap<>();
        for (Method m : c.getMethods()) {
            if (!m.getName().startsWith(TwinInterfaces.DECLARED)) {
                out.put(MethodHash.signature(m), m);
            }
        }
        return out;
    }

    @Test
    void twinKeepsSignaturesAndReturnsObjectForAsynchronousMethods() {
        Class<?> original = AsyncIntentTest.Jobs.class;
        List<Class<?>> out = TwinInterfaces.of(List.of(original, Plain.class), original.getClassLoader());
        Class<?> twin = out.get(0);
        assertEquals(TwinInterfaces.PREFIX + original.getName(), twin.getName());
        assertTrue(twin.isInterface() && TwinInterfaces.isTwin(twin));
        assertSame(Plain.class, out.get(1), "no asynchronous method: exported as it is");
        Map<String, Method> o = bySignature(original);
        Map<String, Method> t = bySignature(twin);
        assertEquals(o.keySet(), t.keySet());
        for (String sig : o.keySet()) {
            Method om = o.get(sig);
            Method tm = t.get(sig);
            assertArrayEquals(om.getParameterTypes(), tm.getParameterTypes(), sig);
            assertEquals(MethodHash.of(om), MethodHash.of(tm));
            assertSame(Async.kind(om) == Async.Kind.NONE ? om.getReturnType() : Object.class, tm.getReturnType(), sig);
            assertArrayEquals(new Class<?>[] {Exception.class}, tm.getExceptionTypes());
        }
        Set<Class<?>> declared = new HashSet<>();
        for (Method m : twin.getMethods()) {
            if (m.getName().startsWith(TwinInterfaces.DECLARED)) {
                declared.addAll(List.of(m.getParameterTypes()));
            }
        }
        assertTrue(declared.containsAll(Set.of(AsyncIntentTest.Note.class, AsyncIntentTest.Refused.class, Integer.class,
                String.class, List.class)), declared.toString());
    }
}
