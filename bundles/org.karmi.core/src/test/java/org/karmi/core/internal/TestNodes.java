package org.karmi.core.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.Utid;
import org.karmi.tech.parastation.internal.ParaStationConfig;
import org.karmi.tech.parastation.internal.ParaStationTechnology;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/** Builds nodes for tests: jdk serializer, TCP on an ephemeral loopback port, optionally ParaStation. */
final class TestNodes {

    /** Where ParaStation domains live. */
    static final Path SHM = Path.of("/dev/shm");

    private TestNodes() {
    }

    /** The technology sets the semantic suite runs over, and the technology that carries its calls. */
    enum Mode {
        /** TCP only. */
        TCP("tcp"),
        /** TCP and ParaStation in one domain: calls between the nodes go over ParaStation. */
        PARASTATION("parastation");

        /** Name of the technology that should carry calls between two nodes of this mode. */
        final String carrier;

        Mode(String carrier) {
            this.carrier = carrier;
        }
    }

    static KarmiNode tcpNode() throws Exception {
        return tcpNode(Map.of());
    }

    static KarmiNode tcpNode(Map<String, ?> config) throws Exception {
        KarmiNode node = new KarmiNode(NodeConfig.from(config), new JdkSerializer());
        node.addTechnology(new TcpTechnology(TcpSettings.defaults().withPort(0)));
        return node;
    }

    /** A node of {@code mode}; {@code domain} is the ParaStation domain directory (ignored for TCP). */
    static KarmiNode node(Mode mode, Path domain, Map<String, ?> config) throws Exception {
        KarmiNode node = tcpNode(config);
        if (mode == Mode.PARASTATION) {
            try {
                node.addTechnology(parastation(domain));
            } catch (Exception | Error e) {
                node.close();
                throw e;
            }
        }
        return node;
    }

    static Technology parastation(Path domain) {
        return new ParaStationTechnology(ParaStationConfig.builder().domainDirectory(domain).build());
    }

    /** A fresh ParaStation domain directory under /dev/shm; skips the test (with the reason) without /dev/shm. */
    static Path newDomain(String name) throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(SHM) && Files.isWritable(SHM),
                "no writable /dev/shm on this machine: the ParaStation run is skipped");
        return Files.createTempDirectory(SHM, "karmi-" + name + "-");
    }

    /** Deletes a domain directory and everything in it (quietly: a test's failure is worth more). */
    static void deleteDomain(Path domain) {
        if (domain == null || !Files.exists(domain)) {
            return;
        }
        try (Stream<Path> s = Files.walk(domain)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // left for the next start-up's reclaim
                }
            });
        } catch (IOException e) {
            // idem
        }
    }

    static Technology tcp(KarmiNode node) {
        return technology(node, "tcp");
    }

    static Technology technology(KarmiNode node, String name) {
        return node.runningTechnologies().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException(name + " not running on " + node));
    }

    static int port(KarmiNode node) {
        for (Utid u : node.localUtids()) {
            if (u.technology().equals("tcp")) {
                return TcpUtids.port(u);
            }
        }
        throw new IllegalStateException("no tcp UTID: " + node.localUtids());
    }

    /** Calls sent so far, per technology. */
    static Map<String, Long> callsSent(KarmiNode node) {
        Map<String, Long> m = new HashMap<>();
        node.statistics().forEach((t, s) -> m.put(t, s.callsSent()));
        return m;
    }

    /** Calls received so far, per technology. */
    static Map<String, Long> callsReceived(KarmiNode node) {
        Map<String, Long> m = new HashMap<>();
        node.statistics().forEach((t, s) -> m.put(t, s.callsReceived()));
        return m;
    }

    /** Per technology: {@code after - before}. */
    static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new HashMap<>();
        after.forEach((t, n) -> d.put(t, n - before.getOrDefault(t, 0L)));
        return d;
    }
}
