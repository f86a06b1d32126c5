package org.karmi.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.karmi.serial.model.Color;
import org.karmi.serial.model.GNode;
import org.karmi.serial.model.GNodeSub;
import org.karmi.serial.model.Int32;
import org.karmi.serial.model.Int4Null2;
import org.karmi.serial.model.Node;
import org.karmi.serial.model.PlainNode;
import org.karmi.serial.model.Point;

/** Random object graphs and a structural comparison that also checks identity (sharing, cycles). */
final class Graphs {

    private Graphs() {
    }

    /** A random graph from {@code seed}: sharing, cycles, nulls, subclasses, the paper's objects. */
    static Object randomGraph(long seed) {
        Random r = new Random(seed);
        int n = 1 + r.nextInt(25);
        List<Object> pool = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            pool.add(newNode(r, i));
        }
        for (Object o : pool) {
            wire(r, o, pool);
        }
        ArrayList<Object> root = new ArrayList<>();
        int roots = 1 + r.nextInt(4);
        for (int i = 0; i < roots; i++) {
            root.add(r.nextInt(8) == 0 ? null : pool.get(r.nextInt(pool.size())));
        }
        return root;
    }

    private static Object newNode(Random r, int i) {
        switch (r.nextInt(9)) {
            case 0: return Int32.random(r);
            case 1: return new Int4Null2(r.nextInt(), r.nextInt(), i, -i);
            case 2: return Node.tree(r.nextInt(16));
            case 3: {
                GNodeSub s = new GNodeSub(r.nextLong(), r.nextInt());
                s.weight = r.nextDouble();
                s.tag = (char) r.nextInt(0x10000);
                s.flag = r.nextBoolean();
                s.small = (byte) r.nextInt();
                s.medium = (short) r.nextInt();
                s.ratio = r.nextFloat();
                s.value = r.nextInt();
                return s;
            }
            case 4: return new PlainNode(r.nextInt(), "p" + i);
            case 5: return new ArrayList<>();
            case 6: return new Object[r.nextInt(4)];
            default: {
                GNode g = new GNode(r.nextLong());
                g.value = i;
                g.name = r.nextBoolean() ? "n" + i : null;
                return g;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static void wire(Random r, Object o, List<Object> pool) {
        if (o instanceof GNode) {
            GNode g = (GNode) o;
            g.next = pick(r, pool, GNode.class);
            g.payload = anything(r, pool);
            g.children = r.nextBoolean() ? null : new ArrayList<>(java.util.Arrays.asList(anything(r, pool), anything(r, pool)));
            setShared(g, anything(r, pool));
        } else if (o instanceof Int4Null2) {
            Int4Null2 v = (Int4Null2) o;
            if (r.nextInt(3) == 0) {
                v.p = anything(r, pool);
            }
        } else if (o instanceof PlainNode) {
            ((PlainNode) o).setOther(pick(r, pool, PlainNode.class));
        } else if (o instanceof ArrayList) {
            int k = r.nextInt(4);
            for (int i = 0; i < k; i++) {
                ((ArrayList<Object>) o).add(anything(r, pool));
            }
        } else if (o instanceof Object[]) {
            Object[] a = (Object[]) o;
            for (int i = 0; i < a.length; i++) {
                a[i] = anything(r, pool);
            }
        } else if (o instanceof Node && r.nextInt(4) == 0) {
            Node node = (Node) o;
            node.setLeft(pick(r, pool, Node.class));
        }
    }

    private static void setShared(GNode g, Object v) {
        try {
            Field f = org.karmi.serial.model.GBase.class.getDeclaredField("shared");
            f.setAccessible(true);
            f.set(g, v);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> T pick(Random r, List<Object> pool, Class<T> type) {
        if (r.nextInt(4) == 0) {
            return null;
        }
        for (int tries = 0; tries < 5; tries++) {
            Object o = pool.get(r.nextInt(pool.size()));
            if (type.isInstance(o)) {
                return type.cast(o);
            }
        }
        return null;
    }

    private static Object anything(Random r, List<Object> pool) {
        switch (r.nextInt(10)) {
            case 0: return null;
            case 1: return "s" + r.nextInt(5);
            case 2: return r.nextInt(100);
            case 3: return Color.values()[r.nextInt(3)];
            case 4: return new Point(r.nextInt(), r.nextInt(), r.nextBoolean() ? null : "pt");
            case 5: {
                float[] f = new float[r.nextInt(60)];
                for (int i = 0; i < f.length; i++) {
                    f[i] = r.nextFloat();
                }
                return f;
            }
            default: return pool.get(r.nextInt(pool.size()));
        }
    }

    /** Asserts {@code copy} has the structure of {@code original}: equal values, the same sharing and cycles. */
    static void assertIsomorphic(Object original, Object copy) {
        new Walk().same(original, copy, "root");
    }

    private static final class Walk {
        private final IdentityHashMap<Object, Object> forward = new IdentityHashMap<>();
        private final IdentityHashMap<Object, Object> backward = new IdentityHashMap<>();

        void same(Object a, Object b, String path) {
            if (a == null) {
                assertNull(b, path);
                return;
            }
            if (a instanceof Number || a instanceof Boolean || a instanceof Character || a instanceof Enum) {
                assertEquals(a, b, path);
                return;
            }
            Object seen = forward.get(a);
            if (seen != null) {
                assertSame(seen, b, path + ": sharing lost");
                return;
            }
            if (backward.containsKey(b)) {
                throw new AssertionError(path + ": two originals became one copy");
            }
            forward.put(a, b);
            backward.put(b, a);
            assertEquals(a.getClass(), b.getClass(), path);
            Class<?> c = a.getClass();
            if (c.isArray()) {
                assertEquals(Array.getLength(a), Array.getLength(b), path + ".length");
                for (int i = 0; i < Array.getLength(a); i++) {
                    same(Array.get(a, i), Array.get(b, i), path + "[" + i + "]");
                }
            } else if (a instanceof List) {
                List<?> la = (List<?>) a;
                List<?> lb = (List<?>) b;
                assertEquals(la.size(), lb.size(), path + ".size");
                for (int i = 0; i < la.size(); i++) {
                    same(la.get(i), lb.get(i), path + "[" + i + "]");
                }
            } else if (a instanceof Map || a instanceof Set || a instanceof String || a instanceof Record
                    || c.getName().startsWith("java.")) {
                assertEquals(a, b, path);
            } else {
                for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
                    for (Field f : k.getDeclaredFields()) {
                        if (Modifier.isStatic(f.getModifiers())) {
                            continue;
                        }
                        f.setAccessible(true);
                        try {
                            Object va = f.get(a);
                            Object vb = f.get(b);
                            if (Modifier.isTransient(f.getModifiers()) || !java.io.Serializable.class.isAssignableFrom(k)) {
                                continue;
                            }
                            same(va, vb, path + "." + f.getName());
                        } catch (IllegalAccessException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
            }
        }
    }
}
