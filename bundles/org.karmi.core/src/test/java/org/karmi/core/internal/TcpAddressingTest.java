package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.rmi.AccessException;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.registry.Registry;
import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.spi.transport.Technology;

/**
 * What the reference layer asks the technologies instead of decoding their addresses:
 * a registry named by host and port ({@code Technology.utidFor}), the start-up line
 * ({@code Technology.describe}), and whether a registry writer is on this host
 * ({@code ServerConnection.peerOnThisHost}, never the UTIDs a caller announces).
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class TcpAddressingTest {

    private KarmiNode server;
    private KarmiNode client;

    @BeforeEach
    void start() throws Exception {
        server = TestNodes.tcpNode();
        server.registry().bind("service", server.export(new ServiceImpl(server, "server")));
        client = TestNodes.tcpNode(Map.of("call.timeout", 5_000, "connect.timeout", 2_000));
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void startUpLineNamesTheTcpAddressAsPeopleWriteIt() {
        assertTrue(server.describe().endsWith("listening on tcp 127.0.0.1:" + TestNodes.port(server)), server.describe());
    }

    @Test
    void registryByHostAndPortNeedsATechnologyWithHostPortAddresses() {
        KarmiNode bare = new KarmiNode(NodeConfig.defaults(), new JdkSerializer());
        try {
            ConnectException e = assertThrows(ConnectException.class, () -> bare.registry("localhost", 2099));
            assertTrue(e.getMessage().contains("no running technology has host:port addresses"), e.getMessage());
        } finally {
            bare.close();
        }
    }

    @Test
    void registryByUnknownHostGivesUnknownHostException() {
        assertThrows(java.rmi.UnknownHostException.class, () -> client.registry("no-such-host.invalid", 2099));
    }

    @Test
    void nobodyListeningGivesConnectException() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Registry r = client.registry("127.0.0.1", port);
        assertThrows(ConnectException.class, () -> r.lookup("x"));
    }

    @Test
    void peerThatIsNotKarmiGivesConnectIOException() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            Thread t = new Thread(() -> {
                try (var sock = s.accept()) {
                    sock.getOutputStream().write("HTTP/1.0 400 Bad Request\r\n\r\n".repeat(4).getBytes());
                    sock.getOutputStream().flush();
                    sock.getInputStream().read(new byte[1024]);
                } catch (Exception e) {
                    // the client gave up
                }
            });
            t.setDaemon(true);
            t.start();
            Registry r = client.registry("127.0.0.1", s.getLocalPort());
            assertThrows(ConnectIOException.class, () -> r.lookup("x"));
        }
    }

    @Test
    void registryWritesFromAnotherHostAreRefused() throws Exception {
        KarmiNode guarded = new KarmiNode(NodeConfig.defaults(), new JdkSerializer());
        try {
            guarded.addTechnology(new OtherHostTcp());
            guarded.registry().bind("service", guarded.export(new ServiceImpl(guarded, "guarded")));
            Registry remote = client.registry("127.0.0.1", TestNodes.port(guarded));
            assertThrows(AccessException.class, () -> remote.unbind("service"));
            assertThrows(AccessException.class, () -> remote.rebind("x", client.export(new ServiceImpl(client, "x"))));
            assertEquals("guarded", ((Service) remote.lookup("service")).name(), "lookups are open to everybody");
        } finally {
            guarded.close();
        }
    }

    @Test
    void aCallerAnnouncingAForeignAddressIsJudgedByItsSocket() throws Exception {
        // before issue 5 the registry trusted the announced UTIDs: this liar on loopback was refused
        KarmiNode liar = new KarmiNode(NodeConfig.defaults(), new JdkSerializer());
        try {
            Technology fake = new FakeAddressTcp();
            liar.addTechnology(fake);
            Registry remote = liar.registry("127.0.0.1", TestNodes.port(server));
            remote.rebind("fromLiar", liar.export(new ServiceImpl(liar, "liar")));
            assertEquals(2, remote.list().length);
        } finally {
            liar.close();
        }
    }
}
