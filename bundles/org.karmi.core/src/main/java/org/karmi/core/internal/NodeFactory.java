package org.karmi.core.internal;

import java.io.IOException;
import java.rmi.RemoteException;
import java.rmi.server.ExportException;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

import org.karmi.RemoteRuntime;
import org.karmi.RemoteRuntimeFactory;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.serial.Serializer;
import org.karmi.spi.transport.Technology;

/**
 * Creates a node outside OSGi ({@code META-INF/services/org.karmi.RemoteRuntimeFactory}):
 * the serializers, technologies and collectors found by {@link ServiceLoader}, configured from
 * {@code karmi.*} system properties: {@code karmi.serializer} (the preferred serializer's name;
 * default {@code uka} if present, else {@code jdk}, else the first found; the others found are
 * offered after it to peers that lack it), {@code karmi.technologies} and
 * {@code karmi.collectors} (comma lists of names; default all found), and the settings of
 * {@link NodeConfig}. As {@code java.rmi}, the node keeps the JVM alive while it has exported
 * objects ({@link NodeConfig#withKeepAlive}). Stateless; thread-safe.
 */
public final class NodeFactory implements RemoteRuntimeFactory {

    /** Serializer names in default preference order (the OSGi service rankings: uka 10, jdk 0). */
    static final List<String> SERIALIZER_PREFERENCE = List.of("uka", "jdk");

    @Override
    public RemoteRuntime create() throws RemoteException {
        ClassLoader loader = NodeFactory.class.getClassLoader();
        List<Serializer> found = new ArrayList<>();
        ServiceLoader.load(Serializer.class, loader).forEach(found::add);
        Serializer preferred = pickSerializer(found, System.getProperty("karmi.serializer"));
        KarmiNode node = new KarmiNode(NodeConfig.fromSystemProperties().withKeepAlive(true), preferred);
        for (Serializer s : found) {
            if (s != preferred) {
                node.addSerializer(s, -1); // offered after the preferred one
            }
        }
        List<String> wantedTechs = names(System.getProperty("karmi.technologies"));
        try {
            for (Technology t : ServiceLoader.load(Technology.class, loader)) {
                if (wantedTechs.isEmpty() || wantedTechs.contains(t.name())) {
                    node.addTechnology(t);
                }
            }
        } catch (IOException | RuntimeException e) {
            node.close();
            throw new ExportException("KaRMI node could not start a technology: " + e.getMessage(), e);
        }
        List<String> wantedCollectors = names(System.getProperty("karmi.collectors"));
        int collectors = 0;
        for (DistributedCollector c : ServiceLoader.load(DistributedCollector.class, loader)) {
            if (wantedCollectors.isEmpty() || wantedCollectors.contains(c.name())) {
                node.addCollector(c);
                collectors++;
            }
        }
        if (collectors == 0) {
            // java.rmi always has its DGC: without one, servers cannot learn that this JVM holds their objects
            System.getLogger("org.karmi.core").log(System.Logger.Level.WARNING, "KaRMI: no distributed collector"
                    + (wantedCollectors.isEmpty() ? " on the class path (add org.karmi.dgc.lease)" : " named in karmi.collectors="
                            + wantedCollectors) + ": objects this JVM exports stay until unexported, and servers using"
                    + " leases may let go of objects this JVM still holds once their lease ends");
        }
        return node;
    }

    /**
     * The serializer named {@code wanted}, or by default preference.
     *
     * @throws RemoteException if none is found (or not the wanted one)
     */
    static Serializer pickSerializer(Iterable<Serializer> found, String wanted) throws RemoteException {
        List<Serializer> all = new ArrayList<>();
        found.forEach(all::add);
        if (wanted != null && !wanted.isBlank()) {
            for (Serializer s : all) {
                if (s.name().equals(wanted.trim())) {
                    return s;
                }
            }
            throw new RemoteException("serializer '" + wanted + "' (karmi.serializer) not on the class path; found " + namesOf(all));
        }
        for (String name : SERIALIZER_PREFERENCE) {
            for (Serializer s : all) {
                if (s.name().equals(name)) {
                    return s;
                }
            }
        }
        if (all.isEmpty()) {
            throw new RemoteException("no KaRMI serializer on the class path (org.karmi.serial or org.karmi.serial.jdk)");
        }
        return all.get(0);
    }

    private static List<String> namesOf(List<Serializer> all) {
        List<String> n = new ArrayList<>();
        for (Serializer s : all) {
            n.add(s.name());
        }
        return n;
    }

    private static List<String> names(String list) {
        List<String> out = new ArrayList<>();
        if (list != null) {
            for (String p : list.split(",")) {
                if (!p.isBlank()) {
                    out.add(p.trim());
                }
            }
        }
        return out;
    }
}
