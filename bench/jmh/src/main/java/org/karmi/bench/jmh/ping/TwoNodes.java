package org.karmi.bench.jmh.ping;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ServiceLoader;

import org.karmi.RemoteRuntime;
import org.karmi.RemoteRuntimeFactory;

/**
 * Two KaRMI nodes in this JVM, each with only the TCP technology on its own loopback port,
 * made through the reference layer's {@link RemoteRuntimeFactory} (as outside OSGi): the
 * server node exports a {@link PingServer} and binds it in its registry, the client node
 * looks it up over TCP, so that its stub calls cross a real socket. Not thread-safe; close it.
 */
public final class TwoNodes implements AutoCloseable {

    /** The client node's stub of the server's {@link Ping}. */
    public final Ping stub;
    /** The exported object. */
    public final PingServer server = new PingServer();
    private final RemoteRuntime serverNode;
    private final RemoteRuntime clientNode;

    /**
     * Starts both nodes with serializer {@code serializer} ({@code uka} or {@code jdk}).
     *
     * @throws Exception if the reference layer or the TCP technology is not on the class path, or a node fails to start
     */
    public TwoNodes(String serializer) throws Exception {
        RemoteRuntimeFactory factory = ServiceLoader.load(RemoteRuntimeFactory.class, TwoNodes.class.getClassLoader())
                .findFirst().orElseThrow(() -> new IllegalStateException(
                        "no org.karmi.RemoteRuntimeFactory on the class path (org.karmi.core)"));
        System.setProperty("karmi.technologies", "tcp");
        System.setProperty("karmi.serializer", serializer);
        System.setProperty("karmi.tcp.host", "127.0.0.1");
        int serverPort = freePort();
        System.setProperty("karmi.tcp.port", Integer.toString(serverPort));
        serverNode = factory.create();
        System.setProperty("karmi.tcp.port", Integer.toString(freePort()));
        clientNode = factory.create();
        serverNode.registry().rebind("ping", serverNode.export(server));
        stub = (Ping) clientNode.registry("127.0.0.1", serverPort).lookup("ping");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() {
        closeNode(clientNode);
        closeNode(serverNode);
    }

    /** RemoteRuntime has no close(); the reference layer's node has one. */
    private static void closeNode(RemoteRuntime node) {
        try {
            node.getClass().getMethod("close").invoke(node);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            // nothing to close with: the JVM's end closes the sockets
        } catch (InvocationTargetException e) {
            System.err.println("closing a KaRMI node failed: " + e.getCause());
        }
    }
}
