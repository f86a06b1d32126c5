package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.ConnectIOException;
import java.rmi.RemoteException;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.registry.Registry;

/**
 * java.rmi's socket factories through the reference layer (issue 12): an export and a registry
 * made with factories listen through the server socket factory, their references carry the
 * client socket factory, {@code registry(host, port, csf)} connects through it, and a node
 * that never accepted the factory's class refuses the reference with a clear
 * {@link ConnectIOException} instead of instantiating it.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SocketFactoriesTest {

    private final List<KarmiNode> nodes = new ArrayList<>();

    @AfterEach
    void stop() {
        nodes.forEach(KarmiNode::close);
    }

    private KarmiNode node() throws Exception {
        KarmiNode n = TestNodes.tcpNode();
        nodes.add(n);
        return n;
    }

    @Test
    void exportAndRegistryListenThroughTheServerFactoryAndAreReachedThroughTheClientFactory() throws Exception {
        KarmiNode server = node();
        int port = freePort();
        CountingServerFactory ssf = new CountingServerFactory();
        CountingClientFactory csf = new CountingClientFactory("a");
        Registry registry = server.createRegistry(port, csf, ssf);
        Service plain = (Service) server.export(new ServiceImpl(server, "zero"), 0, csf, ssf, null);
        Service again = (Service) server.export(new ServiceImpl(server, "again"), 0, csf, new CountingServerFactory(), null);
        registry.rebind("zero", plain);
        registry.rebind("again", again);
        assertEquals(List.of(port, 0), ssf.ports, "one listener for the registry's port, one anonymous shared by equal factories");

        KarmiNode client = node();
        int made = CountingClientFactory.CREATED.get();
        Registry remote = client.registry("127.0.0.1", port, new CountingClientFactory("a"));
        assertArrayEquals(new String[] {"again", "zero"}, java.util.Arrays.stream(remote.list()).sorted().toArray());
        assertEquals("zero", ((Service) remote.lookup("zero")).name());
        assertEquals("again", ((Service) remote.lookup("again")).name());
        assertTrue(CountingClientFactory.CREATED.get() >= made + 2, "the registry's and the objects' connections");

        assertEquals("zero", ((Service) client.registry("127.0.0.1", port, new CountingClientFactory("a")).lookup("zero"))
                .name(), "a registry named with an equal factory");
        assertTrue(server.unexport(registry, true));
    }

    @Test
    void nodeThatNeverAcceptedTheFactoryClassRefusesTheReference() throws Exception {
        KarmiNode server = node();
        Service s = (Service) server.export(new ServiceImpl(server, "x"), 0, new CountingClientFactory("b"),
                new CountingServerFactory(), null);
        server.registry().rebind("x", s);

        KarmiNode stranger = node();
        Service fromStranger = (Service) stranger.registry("127.0.0.1", TestNodes.port(server)).lookup("x");
        int made = CountingClientFactory.CREATED.get();
        RemoteException e = assertThrows(RemoteException.class, fromStranger::name);
        String m = String.valueOf(e.getMessage()) + " / " + e.getCause();
        assertTrue(m.contains(CountingClientFactory.class.getName()) && m.contains("socketFactories"), m);
        assertEquals(made, CountingClientFactory.CREATED.get(), "nothing of the factory ran");

        assertArrayEquals(new String[] {"x"}, stranger.registry("127.0.0.1", TestNodes.port(server)).list(),
                "the node's own registry still answers");
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** Plain sockets, counted; equal by name. */
    static final class CountingClientFactory implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger CREATED = new AtomicInteger();
        private final String name;

        CountingClientFactory(String name) {
            this.name = name;
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            CREATED.incrementAndGet();
            return new Socket(host, port);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CountingClientFactory c && c.name.equals(name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    /** Loopback server sockets; remembers the ports it was asked for; all instances equal. */
    static final class CountingServerFactory implements RMIServerSocketFactory {
        final List<Integer> ports = new CopyOnWriteArrayList<>();

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            ports.add(port);
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CountingServerFactory;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }
}
