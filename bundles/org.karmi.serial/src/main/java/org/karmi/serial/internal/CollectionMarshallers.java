package org.karmi.serial.internal;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.IntFunction;

import org.karmi.serial.spi.MarshalInput;
import org.karmi.serial.spi.MarshalOutput;
import org.karmi.serial.spi.Marshaller;

/**
 * Built-in marshallers of the common collections and maps. A collection is a varint size and
 * then its elements as objects; a map a varint size and then key, value, key, value ... A sorted
 * collection writes its comparator as an object first ({@code null} = natural order), so a
 * comparator that is not serializable fails on writing. The {@code List.of}/{@code Set.of}/
 * {@code Map.of} kinds read back as the same kinds (a list with {@code null}s, from
 * {@code Stream.toList()}, as an unmodifiable list that allows them). Every size read counts
 * against the message's element budget ({@link UkaInput#readLength(int)}) before anything is
 * made for it; a hash set's or map's twice, for its table.
 *
 * <p>Threading: stateless singletons.
 */
final class CollectionMarshallers {

    private CollectionMarshallers() {
    }

    /** A mutable collection made with a capacity hint, filled with {@code add}. */
    static final class Coll<C extends Collection<Object>> implements Marshaller<C> {
        private final IntFunction<C> factory;
        /** Element budget an element: {@code HASH_SLOTS} for a hash table, else 1. */
        private final int slotsPerElement;

        Coll(IntFunction<C> factory, int slotsPerElement) {
            this.factory = factory;
            this.slotsPerElement = slotsPerElement;
        }

        @Override
        public void write(MarshalOutput out, C c) throws IOException {
            writeElements(out, c);
        }

        @Override
        public C read(MarshalInput in) throws IOException, ClassNotFoundException {
            int n = ((UkaInput) in).readLength(1, slotsPerElement);
            C c = in.reference(factory.apply(n));
            for (int i = 0; i < n; i++) {
                c.add(in.readObject());
            }
            return c;
        }
    }

    /** A mutable hash map made with a capacity hint: its table counts two slots an entry against the element budget. */
    static final class MapM<M extends Map<Object, Object>> implements Marshaller<M> {
        private final IntFunction<M> factory;

        MapM(IntFunction<M> factory) {
            this.factory = factory;
        }

        @Override
        public void write(MarshalOutput out, M m) throws IOException {
            writeEntries(out, m);
        }

        @Override
        public M read(MarshalInput in) throws IOException, ClassNotFoundException {
            int n = ((UkaInput) in).readLength(2, HASH_SLOTS);
            M m = in.reference(factory.apply(n));
            readEntries(in, m, n);
            return m;
        }
    }

    /**
     * Element budget an element of a hash set or map: the table pre-sized for n elements has up to
     * 8n/3 slots; a message's own elements (at least a byte each) still never claim more than the
     * budget's twice its bytes.
     */
    private static final int HASH_SLOTS = 2;

    static final Marshaller<ArrayList<Object>> ARRAY_LIST = new Coll<>(ArrayList::new, 1);
    static final Marshaller<LinkedList<Object>> LINKED_LIST = new Coll<>(n -> new LinkedList<>(), 1);
    static final Marshaller<ArrayDeque<Object>> ARRAY_DEQUE = new Coll<>(ArrayDeque::new, 1);
    static final Marshaller<HashSet<Object>> HASH_SET = new Coll<>(n -> new HashSet<>(capacity(n)), HASH_SLOTS);
    static final Marshaller<LinkedHashSet<Object>> LINKED_HASH_SET = new Coll<>(n -> new LinkedHashSet<>(capacity(n)), HASH_SLOTS);
    static final Marshaller<HashMap<Object, Object>> HASH_MAP = new MapM<>(n -> new HashMap<>(capacity(n)));
    static final Marshaller<LinkedHashMap<Object, Object>> LINKED_HASH_MAP = new MapM<>(n -> new LinkedHashMap<>(capacity(n)));

    /** TreeSet: comparator (object), varint size, elements. */
    static final Marshaller<TreeSet<Object>> TREE_SET = new Marshaller<>() {
        @Override public void write(MarshalOutput out, TreeSet<Object> s) throws IOException {
            out.writeObject(s.comparator());
            writeElements(out, s);
        }
        @Override public TreeSet<Object> read(MarshalInput in) throws IOException, ClassNotFoundException {
            Comparator<Object> cmp = readComparator(in);
            int n = in.readLength(1);
            TreeSet<Object> s = in.reference(new TreeSet<>(cmp));
            for (int i = 0; i < n; i++) {
                s.add(in.readObject());
            }
            return s;
        }
    };

    /** TreeMap: comparator (object), varint size, entries. */
    static final Marshaller<TreeMap<Object, Object>> TREE_MAP = new Marshaller<>() {
        @Override public void write(MarshalOutput out, TreeMap<Object, Object> m) throws IOException {
            out.writeObject(m.comparator());
            writeEntries(out, m);
        }
        @Override public TreeMap<Object, Object> read(MarshalInput in) throws IOException, ClassNotFoundException {
            Comparator<Object> cmp = readComparator(in);
            int n = in.readLength(2);
            TreeMap<Object, Object> m = in.reference(new TreeMap<>(cmp));
            readEntries(in, m, n);
            return m;
        }
    };

    /** List.of kinds: varint size, elements. */
    static final Marshaller<List<Object>> IMMUTABLE_LIST = new Marshaller<>() {
        @Override public void write(MarshalOutput out, List<Object> l) throws IOException { writeElements(out, l); }
        @Override public List<Object> read(MarshalInput in) throws IOException, ClassNotFoundException {
            Object[] a = readArray(in);
            for (Object e : a) {
                if (e == null) {
                    return Arrays.asList(a).stream().toList();
                }
            }
            return List.of(a);
        }
    };

    /** Set.of kinds: varint size, elements. */
    static final Marshaller<Set<Object>> IMMUTABLE_SET = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Set<Object> s) throws IOException { writeElements(out, s); }
        @Override public Set<Object> read(MarshalInput in) throws IOException, ClassNotFoundException {
            return Set.of(readArray(in));
        }
    };

    /** Map.of kinds: varint size, entries. */
    static final Marshaller<Map<Object, Object>> IMMUTABLE_MAP = new Marshaller<>() {
        @Override public void write(MarshalOutput out, Map<Object, Object> m) throws IOException { writeEntries(out, m); }
        @SuppressWarnings("unchecked")
        @Override public Map<Object, Object> read(MarshalInput in) throws IOException, ClassNotFoundException {
            int n = in.readLength(2);
            Map.Entry<Object, Object>[] entries = new Map.Entry[n];
            for (int i = 0; i < n; i++) {
                Object k = in.readObject();
                entries[i] = Map.entry(k, in.readObject());
            }
            return Map.ofEntries(entries);
        }
    };

    static int capacity(int n) {
        return (int) Math.min((n * 4L + 2) / 3, 1 << 30);
    }

    static void writeElements(MarshalOutput out, Collection<?> c) throws IOException {
        int n = c.size();
        out.writeVarInt(n);
        int written = 0;
        for (Object e : c) {
            if (written++ == n) {
                break;
            }
            out.writeObject(e);
        }
        if (written != n) {
            throw new java.util.ConcurrentModificationException("collection changed size while being written");
        }
    }

    static void writeEntries(MarshalOutput out, Map<?, ?> m) throws IOException {
        int n = m.size();
        out.writeVarInt(n);
        int written = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (written++ == n) {
                break;
            }
            out.writeObject(e.getKey());
            out.writeObject(e.getValue());
        }
        if (written != n) {
            throw new java.util.ConcurrentModificationException("map changed size while being written");
        }
    }

    static void readEntries(MarshalInput in, Map<Object, Object> m, int n) throws IOException, ClassNotFoundException {
        for (int i = 0; i < n; i++) {
            Object k = in.readObject();
            m.put(k, in.readObject());
        }
    }

    static Object[] readArray(MarshalInput in) throws IOException, ClassNotFoundException {
        int n = in.readLength(1);
        Object[] a = new Object[n];
        for (int i = 0; i < n; i++) {
            a[i] = in.readObject();
        }
        return a;
    }

    @SuppressWarnings("unchecked")
    static Comparator<Object> readComparator(MarshalInput in) throws IOException, ClassNotFoundException {
        Object c = in.readObject();
        if (c != null && !(c instanceof Comparator)) {
            throw new StreamCorruptedException("sorted collection: expected a Comparator, stream has "
                    + ValueMarshallers.describe(c));
        }
        return (Comparator<Object>) c;
    }
}
