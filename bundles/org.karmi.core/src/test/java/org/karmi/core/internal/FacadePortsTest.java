package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.serial.jdk.JdkSerializer;
import org.karmi.spi.transport.Utid;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * java.rmi's port semantics through the facade (issue 12): with no options a JVM binds no
 * port until it exports (so several facade JVMs run at once), {@code createRegistry(port)}
 * listens on its port, an export without a port listens on an ephemeral one.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FacadePortsTest {

    /** No karmi.tcp.port: the facade's defaults. */
    private static final List<String> CHILD = List.of("-Dkarmi.serializer=jdk", "-Dkarmi.technologies=tcp");

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
    }

    @Test
    void twoFacadeServersAndTheirClientsRunAtOnceWithoutOptions() throws Exception {
        int p1 = freePort();
        int p2 = freePort();
        ChildProcess s1 = child(FacadeServerMain.class, String.valueOf(p1));
        ChildProcess s2 = child(FacadeServerMain.class, String.valueOf(p2));
        s1.await("READY"::equals, 30);
        s2.await("READY"::equals, 30);
        for (int port : new int[] {p1, p2}) {
            ChildProcess client = child(FacadeListenMain.class, "rmi://127.0.0.1:" + port + "/probe");
            assertEquals("ANSWER 127.0.0.1", client.await(l -> l.startsWith("ANSWER "), 30));
            assertEquals("LISTENS []", client.await(l -> l.startsWith("LISTENS "), 30), "a pure client binds nothing");
            assertEquals("EXPORTED LISTENS 1", client.await(l -> l.startsWith("EXPORTED "), 30),
                    "its first export binds a port");
            assertTrue(client.exits(30), client.output());
            assertEquals(0, client.process.exitValue(), client.output());
        }
    }

    @Test
    void onDemandNodeListensFromItsFirstExportAndItsStubsNameThatPort() throws Exception {
        KarmiNode server = TestNodes.tcpNode();
        toClose.add(server::close);
        KarmiNode node = new KarmiNode(NodeConfig.from(java.util.Map.of()), new JdkSerializer());
        toClose.add(node::close);
        TcpTechnology tcp = new TcpTechnology(TcpSettings.defaults().withPort(TcpSettings.LISTEN_ON_DEMAND));
        node.addTechnology(tcp);
        assertEquals(List.of(), node.localUtids());
        assertThrows(IllegalStateException.class, tcp::localUtid);
        server.registry().rebind("probe", server.export(new RemoteStackTraceTest.ProbeImplOnNode()));
        Probe probe = (Probe) node.registry("127.0.0.1", TestNodes.port(server)).lookup("probe");
        assertEquals("", probe.clientHost(), "calls out without listening");
        assertEquals(List.of(), node.localUtids());

        CountingCallback counting = new CountingCallback();
        Callback callback = (Callback) node.export(counting);
        List<Utid> utids = node.localUtids();
        assertEquals(1, utids.size());
        assertTrue(TcpUtids.port(utids.get(0)) > 0);
        assertEquals(utids, StubFactory.refOf(callback).utidsForWriting(), "the stub names the new port");
        assertEquals(21, probe.callOf(callback, 7), "and the server calls back there");
        assertEquals(1, counting.calls);
    }

    private ChildProcess child(Class<?> main, String... args) throws Exception {
        ChildProcess c = ChildProcess.start(main, CHILD, args);
        toClose.add(c);
        return c;
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
