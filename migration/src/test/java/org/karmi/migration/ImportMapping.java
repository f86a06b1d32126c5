package org.karmi.migration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The migration as the README's table "Moving a java.rmi program to KaRMI" states it: which {@code java.rmi}
 * types a program imports from {@code org.karmi} instead, and the purely textual rewrite of a source's import
 * lines that applies it. Immutable, thread-safe.
 */
final class ImportMapping {

    static final String SECTION = "## Moving a java.rmi program to KaRMI";

    private static final Pattern TICKED = Pattern.compile("`([^`]+)`");
    private static final Pattern IMPORT = Pattern.compile("^(\\s*import\\s+(?:static\\s+)?)([\\w.]+)(\\s*;.*)$");

    private final Map<String, String> types;

    ImportMapping(Map<String, String> types) {
        this.types = Collections.unmodifiableMap(new TreeMap<>(types));
    }

    /**
     * Reads the table rows of the README's migration section: a row pairs the {@code java.rmi.*} names of its
     * first cell with the {@code org.karmi.*} names of its second, in order ({@code `a.b.C`, `D`} means
     * {@code a.b.C} and {@code a.b.D}; {@code `org.karmi.x.*`} takes every simple name of the first cell).
     *
     * @throws IllegalStateException if the section or its table is missing
     */
    static ImportMapping fromReadme(Path readme) {
        List<String> lines;
        try {
            lines = Files.readAllLines(readme, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int start = lines.indexOf(SECTION);
        if (start < 0) {
            throw new IllegalStateException(readme + " has no section '" + SECTION + "'");
        }
        Map<String, String> types = new TreeMap<>();
        for (int i = start + 1; i < lines.size() && !lines.get(i).startsWith("## "); i++) {
            String[] cells = lines.get(i).split("\\|");
            if (lines.get(i).startsWith("|") && cells.length >= 3) {
                pair(names(cells[1]), names(cells[2]), types);
            }
        }
        if (types.isEmpty()) {
            throw new IllegalStateException(readme + ": no java.rmi -> org.karmi rows in the table of '" + SECTION + "'");
        }
        return new ImportMapping(types);
    }

    private static List<String> names(String cell) {
        List<String> names = new ArrayList<>();
        String pkg = "";
        Matcher m = TICKED.matcher(cell);
        while (m.find()) {
            String name = m.group(1).strip();
            int dot = name.lastIndexOf('.');
            if (dot >= 0) {
                pkg = name.substring(0, dot);
                names.add(name);
            } else if (!pkg.isEmpty()) {
                names.add(pkg + "." + name);
            }
        }
        return names;
    }

    private static void pair(List<String> from, List<String> to, Map<String, String> types) {
        List<String> rmi = from.stream().filter(n -> n.startsWith("java.rmi.")).toList();
        List<String> karmi = to.stream().filter(n -> n.startsWith("org.karmi.")).toList();
        if (karmi.size() == 1 && karmi.get(0).endsWith(".*")) {
            String pkg = karmi.get(0).substring(0, karmi.get(0).length() - 1);
            rmi.forEach(n -> types.put(n, pkg + n.substring(n.lastIndexOf('.') + 1)));
        } else if (rmi.size() == karmi.size()) {
            for (int i = 0; i < rmi.size(); i++) {
                types.put(rmi.get(i), karmi.get(i));
            }
        }
    }

    /** The mapped types, {@code java.rmi} name to {@code org.karmi} name. */
    Map<String, String> types() {
        return types;
    }

    /**
     * The source with each import of a mapped type (single-type or static member import) naming its
     * {@code org.karmi} counterpart; every other character stays as it is.
     */
    String rewrite(String source) {
        StringBuilder out = new StringBuilder(source.length() + 64);
        for (String line : source.split("(?<=\n)")) {
            Matcher m = IMPORT.matcher(line.stripTrailing());
            String replaced = m.matches() ? mapped(m.group(2)) : null;
            if (replaced != null) {
                out.append(m.group(1)).append(replaced).append(line.substring(m.end(2)));
            } else {
                out.append(line);
            }
        }
        return out.toString();
    }

    private String mapped(String imported) {
        String type = types.get(imported);
        if (type != null) {
            return type;
        }
        int dot = imported.lastIndexOf('.');
        String owner = dot < 0 ? null : types.get(imported.substring(0, dot));
        return owner == null ? null : owner + imported.substring(dot);
    }
}
