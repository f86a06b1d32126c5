package org.karmi.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The README's configuration tables say what the bundles' Metatype says: for each PID checked,
 * the same keys with the same defaults (read from {@code OSGI-INF/metatype/*.xml} in the built
 * bundles and from the tables under {@code **`PID`**} in the README's "Configuration" section).
 */
class ReadmeConfigurationIT {

    /** PIDs whose whole table is checked against their Metatype. */
    static final List<String> CHECKED = List.of("org.karmi.tech.tcp", "org.karmi.tech.parastation", "org.karmi.serial.uka",
            "org.karmi.dgc.lease", "org.karmi.dgc.cluster", "org.karmi.core");

    private static final Pattern PID_HEADING = Pattern.compile("^\\*\\*`(org\\.karmi\\.[a-z.]+)`\\*\\*");
    private static final Pattern CODE = Pattern.compile("`([^`]*)`");

    @Test
    void readmeTablesHaveTheMetatypesKeysAndDefaults() throws Exception {
        Map<String, Map<String, String>> metatype = metatype();
        Map<String, Map<String, String>> readme = readme(Path.of(System.getProperty("karmi.readme", "../README.md")));
        List<String> problems = new ArrayList<>();
        for (String pid : CHECKED) {
            Map<String, String> m = metatype.get(pid);
            Map<String, String> r = readme.get(pid);
            if (m == null || r == null) {
                problems.add(pid + ": " + (m == null ? "no Metatype in the bundles" : "no table in the README"));
                continue;
            }
            for (String key : m.keySet()) {
                if (!r.containsKey(key)) {
                    problems.add(pid + ": key " + key + " (Metatype) missing from the README");
                } else if (!r.get(key).equals(m.get(key))) {
                    problems.add(pid + ": key " + key + " has default '" + r.get(key) + "' in the README, '"
                            + m.get(key) + "' in the Metatype");
                }
            }
            for (String key : r.keySet()) {
                if (!m.containsKey(key)) {
                    problems.add(pid + ": README key " + key + " is not in the Metatype");
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void readmeTableParserSeesEveryCheckedTable() throws Exception {
        Map<String, Map<String, String>> readme = readme(Path.of(System.getProperty("karmi.readme", "../README.md")));
        for (String pid : CHECKED) {
            assertTrue(readme.containsKey(pid) && readme.get(pid).size() >= 2, pid + ": " + readme.get(pid));
        }
    }

    /** PID -> (key -> default, "" when none), from every KaRMI bundle's Metatype resources. */
    static Map<String, Map<String, String>> metatype() throws Exception {
        Map<String, Map<String, String>> byPid = new TreeMap<>();
        for (String path : KarmiContainer.bundlePaths()) {
            try (ZipFile jar = new ZipFile(path)) {
                Enumeration<? extends ZipEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    ZipEntry e = entries.nextElement();
                    if (e.getName().startsWith("OSGI-INF/metatype/") && e.getName().endsWith(".xml")) {
                        try (InputStream in = jar.getInputStream(e)) {
                            read(DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in), byPid);
                        }
                    }
                }
            }
        }
        return byPid;
    }

    private static void read(Document d, Map<String, Map<String, String>> byPid) {
        Map<String, Map<String, String>> byOcd = new TreeMap<>();
        NodeList ocds = d.getElementsByTagName("OCD");
        for (int i = 0; i < ocds.getLength(); i++) {
            Element ocd = (Element) ocds.item(i);
            Map<String, String> keys = new TreeMap<>();
            NodeList ads = ocd.getElementsByTagName("AD");
            for (int j = 0; j < ads.getLength(); j++) {
                Element ad = (Element) ads.item(j);
                // Metatype escapes the commas of a single default value (a comma separates a list's values)
                keys.put(ad.getAttribute("id"), ad.getAttribute("default").replace("\\,", ","));
            }
            byOcd.put(ocd.getAttribute("id"), keys);
        }
        NodeList designates = d.getElementsByTagName("Designate");
        for (int i = 0; i < designates.getLength(); i++) {
            Element designate = (Element) designates.item(i);
            Element object = (Element) designate.getElementsByTagName("Object").item(0);
            byPid.put(designate.getAttribute("pid"), byOcd.get(object.getAttribute("ocdref")));
        }
    }

    /**
     * PID -> (key -> default) from the tables under each {@code **`PID`**} line of the README's
     * "Configuration" section. A row {@code | `a` / `b` | `1` / `2` | ...} gives a=1 and b=2; an
     * empty default cell gives "" to each key.
     */
    static Map<String, Map<String, String>> readme(Path readme) throws Exception {
        Map<String, Map<String, String>> byPid = new TreeMap<>();
        boolean inSection = false;
        String pid = null;
        for (String line : Files.readAllLines(readme, StandardCharsets.UTF_8)) {
            if (line.startsWith("## ")) {
                inSection = line.equals("## Configuration");
                pid = null;
                continue;
            }
            if (!inSection) {
                continue;
            }
            Matcher heading = PID_HEADING.matcher(line);
            if (heading.find()) {
                pid = heading.group(1);
                byPid.put(pid, new TreeMap<>());
            } else if (pid != null && line.startsWith("| `")) {
                String[] cells = line.split("\\|");
                List<String> keys = codes(cells[1]);
                List<String> defaults = codes(cells[2]);
                if (defaults.isEmpty()) {
                    for (String k : keys) {
                        defaults.add("");
                    }
                }
                assertEquals(keys.size(), defaults.size(), "README row of " + pid + " pairs keys with defaults: " + line);
                for (int i = 0; i < keys.size(); i++) {
                    byPid.get(pid).put(keys.get(i), defaults.get(i));
                }
            }
        }
        return byPid;
    }

    private static List<String> codes(String cell) {
        List<String> out = new ArrayList<>();
        Matcher m = CODE.matcher(cell);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }
}
