package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * java.rmi's port semantics in the TCP technology (issue 12): listening on demand, one
 * listener per requested port sharing the endpoint, a taken port refused, a port freed
 * after its last export, the arrival port and peer host seen by the server connection.
 */
@Timeout(60)
class TcpPortsTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final TestContext serverNode = new TestContext(0x5e5eL);
    private final TestContext clientNode = new TestContext(0xc1c1L);

    @AfterEach
    void closeAll() throws Exception {
        Collections.reverse(toClose);
        for (AutoCloseable c : toClose) {
            c.close();
        }
        serverNode.shutdown();
        clientNode.shutdown();
    }

    private TcpTechnology start(TestContext node, int port) throws IOException {
        TcpTechnology t = new TcpTechnology(Tcp.settings(30_000).withPort(port));
        toClose.add(t);
        t.start(node);
        return t;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, LOOPBACK)) {
            return s.getLocalPort();
        }
    }

    private static boolean listening(int port) {
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new InetSocketAddress(LOOPBACK, port), 2000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Calls 'P' over a fresh connection to {@code utid}: the port it arrived on and the peer host. */
    private static String arrival(TcpTechnology client, Utid utid) throws IOException {
        Connection c = client.acquire(utid, Tcp.TIMEOUT);
        byte[] reply = Tcp.call(c, new byte[] {'P'}, Tcp.TIMEOUT);
        c.release();
        return WireBuffer.getInt(reply, 0) + " " + new String(reply, 4, reply.length - 4, StandardCharsets.US_ASCII);
    }

    @Test
    void onDemandTechnologyBindsNothingUntilTheFirstListen() throws Exception {
        TcpTechnology t = start(serverNode, TcpSettings.LISTEN_ON_DEMAND);
        assertThrows(IllegalStateException.class, t::localUtid);
        Utid own = t.listen(0);
        assertSame(own, t.localUtid());
        int port = TcpAddress.decode(own).getPort();
        assertTrue(port > 0 && listening(port), "listens on the ephemeral port " + port);
        assertEquals(own, t.listen(0), "port 0 reuses the own listener");
    }

    @Test
    void onDemandClientCallsWithoutEverListening() throws Exception {
        TcpTechnology server = start(serverNode, 0);
        TcpTechnology client = start(clientNode, TcpSettings.LISTEN_ON_DEMAND);
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        byte[] hello = "Ehello".getBytes(StandardCharsets.US_ASCII);
        assertEquals("Ehello", new String(Tcp.call(c, hello, Tcp.TIMEOUT), StandardCharsets.US_ASCII));
        c.release();
        assertThrows(IllegalStateException.class, client::localUtid, "a pure client has no listener");
    }

    @Test
    void requestedPortListensAndCallsArriveThere() throws Exception {
        TcpTechnology server = start(serverNode, 0);
        TcpTechnology client = start(clientNode, TcpSettings.LISTEN_ON_DEMAND);
        int port = freePort();
        Utid second = server.listen(port);
        assertEquals(port, TcpAddress.decode(second).getPort());
        assertNotEquals(server.localUtid(), second);
        assertEquals(port + " 127.0.0.1", arrival(client, second));
        int own = TcpAddress.decode(server.localUtid()).getPort();
        assertEquals(own + " 127.0.0.1", arrival(client, server.localUtid()));
    }

    @Test
    void portTakenByAnotherSocketIsRefusedWithBindException() throws Exception {
        TcpTechnology server = start(serverNode, TcpSettings.LISTEN_ON_DEMAND);
        try (ServerSocket taken = new ServerSocket(0, 1, LOOPBACK)) {
            int port = taken.getLocalPort();
            BindException e = assertThrows(BindException.class, () -> server.listen(port));
            assertTrue(e.getMessage().contains(":" + port), e.getMessage());
        }
    }

    @Test
    void portClosesAfterItsLastExportAndCanBeListenedAgain() throws Exception {
        TcpTechnology server = start(serverNode, 0);
        int port = freePort();
        server.listen(port);
        server.listen(port);
        server.unlisten(port);
        assertTrue(listening(port), "one export is left on the port");
        server.unlisten(port);
        assertTrue(!listening(port), "the last export is gone: the port is free");
        try (ServerSocket again = new ServerSocket(port, 1, LOOPBACK)) {
            assertEquals(port, again.getLocalPort());
        }
        TcpTechnology client = start(clientNode, TcpSettings.LISTEN_ON_DEMAND);
        Utid u = server.listen(port);
        assertEquals(port + " 127.0.0.1", arrival(client, u));
    }

    @Test
    void ownPortStaysOpenWhenAnExportOnItEnds() throws Exception {
        TcpTechnology server = start(serverNode, 0);
        int own = TcpAddress.decode(server.localUtid()).getPort();
        assertEquals(server.localUtid(), server.listen(own), "an export on the own port shares its listener");
        server.unlisten(own);
        assertTrue(listening(own));
    }

    @Test
    void closeFreesEveryPort() throws Exception {
        TcpTechnology server = start(serverNode, 0);
        int own = TcpAddress.decode(server.localUtid()).getPort();
        int port = freePort();
        server.listen(port);
        server.close();
        assertTrue(!listening(own) && !listening(port));
        TcpTechnology client = start(clientNode, TcpSettings.LISTEN_ON_DEMAND);
        Utid gone = TcpAddress.utid(LOOPBACK, port);
        assertThrows(ConnectException.class, () -> client.acquire(gone, Tcp.TIMEOUT));
    }

    @Test
    void advertisedHostNamesTheUtids() throws Exception {
        TcpTechnology t = new TcpTechnology(Tcp.settings(30_000), TlsSettings.DISABLED, "127.0.0.2");
        toClose.add(t);
        t.start(serverNode);
        assertEquals("127.0.0.2", TcpAddress.decode(t.localUtid()).getAddress().getHostAddress());
        assertEquals("127.0.0.2", TcpAddress.decode(t.listen(freePort())).getAddress().getHostAddress());
    }

    @Test
    void facadeListensOnDemandOnLoopbackUnlessConfigured() {
        TcpSettings none = TcpTechnology.facadeSettings(Map.<String, String>of()::get);
        assertTrue(none.listensOnDemand());
        assertEquals("127.0.0.1", none.host());
        TcpSettings port = TcpTechnology.facadeSettings(Map.of("karmi.tcp.port", "5000")::get);
        assertEquals(5000, port.port());
        TcpSettings hostname = TcpTechnology.facadeSettings(Map.of("java.rmi.server.hostname", "h.example")::get);
        assertEquals("0.0.0.0", hostname.host(), "java.rmi.server.hostname binds the wildcard, as java.rmi");
        assertTrue(hostname.listensOnDemand());
        TcpSettings both = TcpTechnology.facadeSettings(
                Map.of("java.rmi.server.hostname", "h.example", "karmi.tcp.host", "127.0.0.1")::get);
        assertEquals("127.0.0.1", both.host(), "karmi.tcp.host wins");
    }
}
