package org.karmi.bench.runner.apps;

import java.util.ArrayList;
import java.util.List;

/**
 * Paraffin generation (Salishan problems; Knuth's radical enumeration): the building blocks
 * a worker runs, and the plan of tasks the master hands out. Stateless.
 */
public final class ParaffinAlgorithms {

    private ParaffinAlgorithms() {
    }

    /** Radicals with branches from a, b, c (sizes a &lt;= b &lt;= c), numbered later by the caller. */
    public static Radical[] radicals(Radical[] a, Radical[] b, Radical[] c) {
        List<Radical> out = new ArrayList<>();
        int size = 1 + a[0].size + b[0].size + c[0].size;
        for (Radical x : a) {
            for (Radical y : b) {
                if (!ordered(x, y)) {
                    continue;
                }
                for (Radical z : c) {
                    if (ordered(y, z)) {
                        out.add(new Radical(size, 0, x, y, z));
                    }
                }
            }
        }
        return out.toArray(new Radical[0]);
    }

    /** Bond-centred paraffins: pairs from {@code half}, without repeating a pair. */
    public static Paraffin[] bondCentred(Radical[] half) {
        List<Paraffin> out = new ArrayList<>();
        for (int i = 0; i < half.length; i++) {
            for (int j = i; j < half.length; j++) {
                out.add(new Paraffin(half[i], half[j]));
            }
        }
        return out.toArray(new Paraffin[0]);
    }

    /** Carbon-centred paraffins with branches from a..d (sizes a &lt;= b &lt;= c &lt;= d). */
    public static Paraffin[] carbonCentred(Radical[] a, Radical[] b, Radical[] c, Radical[] d) {
        List<Paraffin> out = new ArrayList<>();
        for (Radical w : a) {
            for (Radical x : b) {
                if (!ordered(w, x)) {
                    continue;
                }
                for (Radical y : c) {
                    if (!ordered(x, y)) {
                        continue;
                    }
                    for (Radical z : d) {
                        if (ordered(y, z)) {
                            out.add(new Paraffin(w, x, y, z));
                        }
                    }
                }
            }
        }
        return out.toArray(new Paraffin[0]);
    }

    /** Branches of equal size must be in non-decreasing number order. */
    private static boolean ordered(Radical x, Radical y) {
        return x.size < y.size || x.index <= y.index;
    }

    /** Size triples a &lt;= b &lt;= c with a + b + c = size - 1: the tasks for radicals of {@code size}. */
    public static List<int[]> radicalTasks(int size) {
        List<int[]> tasks = new ArrayList<>();
        int rest = size - 1;
        for (int a = 0; a <= rest; a++) {
            for (int b = a; a + b <= rest; b++) {
                int c = rest - a - b;
                if (c >= b) {
                    tasks.add(new int[] {a, b, c});
                }
            }
        }
        return tasks;
    }

    /** Size quadruples a &lt;= b &lt;= c &lt;= d, sum n - 1, each at most (n - 1) / 2: carbon-centred tasks. */
    public static List<int[]> carbonTasks(int n) {
        List<int[]> tasks = new ArrayList<>();
        int rest = n - 1;
        int max = rest / 2;
        for (int a = 0; a <= max; a++) {
            for (int b = a; b <= max; b++) {
                for (int c = b; c <= max; c++) {
                    int d = rest - a - b - c;
                    if (d >= c && d <= max) {
                        tasks.add(new int[] {a, b, c, d});
                    }
                }
            }
        }
        return tasks;
    }

    /** Numbers radicals of one size in the order given. */
    public static void number(List<Radical> ofOneSize) {
        for (int i = 0; i < ofOneSize.size(); i++) {
            ofOneSize.get(i).index = i;
        }
    }

    /**
     * The whole problem sequentially: for every size 1..n the sorted canonical texts of its
     * paraffins. The distributed run must produce exactly this.
     */
    public static List<List<String>> sequential(int n) {
        List<Radical[]> bySize = new ArrayList<>();
        bySize.add(new Radical[] {Radical.HYDROGEN});
        for (int s = 1; s <= n / 2; s++) {
            List<Radical> all = new ArrayList<>();
            for (int[] t : radicalTasks(s)) {
                all.addAll(List.of(radicals(bySize.get(t[0]), bySize.get(t[1]), bySize.get(t[2]))));
            }
            number(all);
            bySize.add(all.toArray(new Radical[0]));
        }
        List<List<String>> result = new ArrayList<>();
        for (int m = 1; m <= n; m++) {
            List<String> texts = new ArrayList<>();
            if (m % 2 == 0) {
                for (Paraffin p : bondCentred(bySize.get(m / 2))) {
                    texts.add(p.canonical());
                }
            }
            for (int[] t : carbonTasks(m)) {
                for (Paraffin p : carbonCentred(bySize.get(t[0]), bySize.get(t[1]), bySize.get(t[2]), bySize.get(t[3]))) {
                    texts.add(p.canonical());
                }
            }
            texts.sort(null);
            result.add(texts);
        }
        return result;
    }

    /** The known number of paraffin isomers C(n)H(2n+2), n = 1..20 (OEIS A000602). */
    public static final long[] KNOWN_COUNTS = {1, 1, 1, 2, 3, 5, 9, 18, 35, 75, 159, 355, 802, 1858, 4347,
        10359, 24894, 60523, 148284, 366319};
}
