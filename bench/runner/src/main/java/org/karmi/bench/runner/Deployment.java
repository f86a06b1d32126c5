package org.karmi.bench.runner;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVMs of one configuration: a server (node 0) and two clients (nodes 1 and 2), each with
 * its registry on a loopback port; the raw socket floor has a server and one client. Started
 * together, driven by the runner, closed together.
 */
final class Deployment implements AutoCloseable {

    /** Bound on a node's start and on set-up commands. */
    static final long START_TIMEOUT_MS = 90_000;

    final Configuration config;
    final List<NodeProcess> nodes = new ArrayList<>();
    final int[] ports;
    private String description = "";

    private Deployment(Configuration config, int nodeCount) {
        this.config = config;
        this.ports = new int[nodeCount];
    }

    NodeProcess server() {
        return nodes.get(0);
    }

    /** The client nodes (1 and 2). */
    List<NodeProcess> clients() {
        return nodes.subList(1, nodes.size());
    }

    NodeProcess client() {
        return nodes.get(1);
    }

    String description() {
        return description;
    }

    /**
     * Starts every node, waits until each is ready and lets the clients find the server and
     * each other.
     *
     * @throws NodeProcess.NodeException if a node does not start; the deployment is closed then
     */
    static Deployment start(Configuration config, NodeLauncher launcher, Path logDir) throws IOException,
            NodeProcess.NodeException {
        boolean socket = config.system().equals("socket");
        Deployment d = new Deployment(config, socket ? 2 : 3);
        try {
            for (int i = 0; i < d.ports.length; i++) {
                d.ports[i] = freePort();
                d.nodes.add(launcher.launch(config, i, d.ports[i], logDir));
            }
            for (NodeProcess n : d.nodes) {
                String ready = n.receive(START_TIMEOUT_MS);
                if (n == d.server()) {
                    d.description = ready;
                }
            }
            if (socket) {
                d.client().call(START_TIMEOUT_MS, "connect", d.ports[0]);
            } else {
                d.nodes.get(1).call(START_TIMEOUT_MS, "lookup", d.ports[0], d.ports[0], d.ports[2]);
                d.nodes.get(2).call(START_TIMEOUT_MS, "lookup", d.ports[0], d.ports[0], d.ports[1]);
                if (config.system().equals("karmi") && !"tcp".equals(config.technology())) {
                    d.checkCallsTravelOver(config.technology());
                }
            }
            return d;
        } catch (IOException | NodeProcess.NodeException | RuntimeException e) {
            d.close();
            throw e;
        }
    }

    /**
     * A shared-memory configuration must carry its calls over that technology, not over TCP:
     * each client makes {@value #CHECK_CALLS} calls of {@code void ping()} and KaRMI's own
     * statistics ({@code RemoteRuntime.statistics()}, calls sent per technology) must count all
     * of them on the configuration's technology and hardly any on another, otherwise measuring
     * it would be TCP under another name and it is skipped with a line saying so.
     */
    private void checkCallsTravelOver(String technology) throws NodeProcess.NodeException {
        StringBuilder seen = new StringBuilder();
        for (NodeProcess client : clients()) {
            String r = client.call(START_TIMEOUT_MS, "wire", "PING", "-", CHECK_CALLS);
            String[] v = r.split(" ");
            if (r.equals("none") || v.length < 6 || v[5].equals("-")) {
                throw new NodeProcess.NodeException(client.name + ": KaRMI reported no technology statistics, so "
                        + "it cannot be verified that its calls travel over " + technology);
            }
            long wanted = 0;
            long other = 0;
            for (String kv : v[5].split(",")) {
                int eq = kv.indexOf('=');
                long n = Long.parseLong(kv.substring(eq + 1));
                if (kv.substring(0, eq).equals(technology)) {
                    wanted += n;
                } else {
                    other += n;
                }
            }
            if (wanted < CHECK_CALLS || other > CHECK_CALLS / 20) {
                throw new NodeProcess.NodeException(String.format(java.util.Locale.ROOT,
                        "%s: its calls to the server travel over other technologies (of %d void ping() calls, "
                        + "KaRMI's statistics count %s), not over %s; measuring it would be TCP under another name",
                        client.name, CHECK_CALLS, v[5], technology));
            }
            seen.append(seen.length() == 0 ? "" : "; ").append(client.name).append(": ").append(v[5]);
        }
        description += " (verified by RemoteRuntime.statistics(): calls sent per technology for " + CHECK_CALLS
                + " void ping() per client: " + seen + ")";
    }

    /** Calls of {@code void ping()} per client that {@link #checkCallsTravelOver} counts. */
    static final int CHECK_CALLS = 200;

    boolean alive() {
        return nodes.stream().allMatch(NodeProcess::alive);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        // clients first, so that the server does not see half-open calls
        for (int i = nodes.size() - 1; i >= 0; i--) {
            nodes.get(i).close();
        }
    }
}
