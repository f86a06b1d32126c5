package org.karmi.shell.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A text table with a header row and columns padded to their widest cell, as the commands
 * print it: columns two spaces apart, numbers right-aligned. Not thread-safe; one per output.
 */
public final class Table {

    private final String[] header;
    private final boolean[] numeric;
    private final List<String[]> rows = new ArrayList<>();

    /** A column whose name starts with {@code >} is right-aligned (the {@code >} is not printed). */
    public Table(String... columns) {
        header = new String[columns.length];
        numeric = new boolean[columns.length];
        for (int i = 0; i < columns.length; i++) {
            numeric[i] = columns[i].startsWith(">");
            header[i] = numeric[i] ? columns[i].substring(1) : columns[i];
        }
    }

    /** Adds a row; {@code null} cells print as {@code -}. */
    public Table row(Object... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException("row of " + cells.length + " cells for " + header.length + " columns: "
                    + Arrays.toString(cells));
        }
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = cells[i] == null ? "-" : cells[i].toString();
        }
        rows.add(r);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    @Override
    public String toString() {
        int[] width = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            width[i] = header[i].length();
            for (String[] r : rows) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder b = new StringBuilder();
        line(b, header, width);
        for (String[] r : rows) {
            line(b, r, width);
        }
        return b.toString();
    }

    private void line(StringBuilder b, String[] cells, int[] width) {
        int start = b.length();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                b.append("  ");
            }
            String pad = " ".repeat(width[i] - cells[i].length());
            if (numeric[i]) {
                b.append(pad).append(cells[i]);
            } else {
                b.append(cells[i]).append(i == cells.length - 1 ? "" : pad);
            }
        }
        while (b.length() > start && b.charAt(b.length() - 1) == ' ') {
            b.setLength(b.length() - 1);
        }
        b.append('\n');
    }
}
