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
                if ("parastation".equals(config.technology())) {
                    d.checkNoSocketTraffic();
                }
            }
            return d;
        } catch (IOException | NodeProcess.NodeException | RuntimeException e) {
            d.close();
            throw e;
        }
    }

    /**
     * A shared-memory configuration must not carry its calls over sockets: 200 calls of
     * {@code void ping()} from each client are counted at the system-call level, and more than
     * a few bytes per call means the calls went over TCP, which would fake configuration (4).
     */
    private void checkNoSocketTraffic() throws NodeProcess.NodeException {
        for (NodeProcess client : clients()) {
            String r = client.call(START_TIMEOUT_MS, "wire", "PING", "-", 200);
            if (r.equals("none")) {
                description += " (not verified that calls avoid sockets: no /proc/self/io here)";
                continue;
            }
            String[] v = r.split(" ");
            double perCall = Long.parseLong(v[0]) / Double.parseDouble(v[3]);
            if (perCall > 16) {
                throw new NodeProcess.NodeException(String.format(java.util.Locale.ROOT,
                        "%s: its calls to the server travel over sockets (%.0f bytes written per void ping() "
                        + "by system calls), not over %s; measuring it would be TCP under another name",
                        client.name, perCall, config.technology()));
            }
        }
    }

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
