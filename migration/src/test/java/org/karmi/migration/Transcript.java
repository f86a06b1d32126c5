package org.karmi.migration;

import java.util.List;

/**
 * What one run of a case showed: the lines its JVMs printed, each prefixed with the JVM's label and grouped
 * by JVM in the order of the case's steps, and how each JVM ended; plus the JVMs' standard error (not
 * compared, shown when the comparison fails). Immutable.
 */
record Transcript(List<String> lines, String diagnostics) {

    Transcript {
        lines = List.copyOf(lines);
    }

    /** A run that never started a JVM, for example because the program did not compile. */
    static Transcript failedBefore(String line, String diagnostics) {
        return new Transcript(List.of(line), diagnostics);
    }

    /**
     * The first difference between {@code expected} and {@code actual} with up to {@code context} further lines
     * of each; empty if they are equal.
     */
    static String firstDifference(String expectedName, List<String> expected, String actualName, List<String> actual,
            int context) {
        int i = 0;
        while (i < expected.size() && i < actual.size() && expected.get(i).equals(actual.get(i))) {
            i++;
        }
        if (i == expected.size() && i == actual.size()) {
            return "";
        }
        StringBuilder b = new StringBuilder("first difference at line ").append(i + 1).append(":\n");
        appendLines(b, expectedName, expected, i, context);
        appendLines(b, actualName, actual, i, context);
        return b.toString();
    }

    private static void appendLines(StringBuilder b, String name, List<String> lines, int from, int context) {
        b.append("  ").append(name).append(":\n");
        if (from >= lines.size()) {
            b.append("    (ends)\n");
        }
        for (int j = from; j < lines.size() && j <= from + context; j++) {
            b.append("    ").append(lines.get(j)).append('\n');
        }
    }
}
