package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Utid;

/** Calls into a tcp technology running in a second JVM. */
@Timeout(60)
class RemoteProcessTest {

    private final TestContext clientNode = new TestContext(0xc1c1);
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private Process server;
    private TcpTechnology client;
    private Utid serverUtid;

    @BeforeEach
    void startServerJvm() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        server = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), RemoteEchoServer.class.getName())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        Thread pump = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("EOF " + e);
            }
        });
        pump.setDaemon(true);
        pump.start();
        String port = lines.poll(30, TimeUnit.SECONDS);
        assertNotNull(port, "server JVM did not report its port");
        assertTrue(port.startsWith("PORT "), port);
        serverUtid = TcpAddress.utid(InetAddress.getByName("127.0.0.1"), Integer.parseInt(port.substring(5)));
        client = Tcp.started(clientNode);
    }

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.close();
        }
        server.destroyForcibly();
        server.waitFor(10, TimeUnit.SECONDS);
        clientNode.shutdown();
    }

    @Test
    void callsRoundTripToAnotherJvm() throws Exception {
        Connection c = client.acquire(serverUtid, Tcp.TIMEOUT);
        assertEquals(0xfa4L, c.remoteNodeId());
        for (int i = 0; i < 100; i++) {
            byte[] msg = ("E" + i).getBytes(StandardCharsets.US_ASCII);
            assertArrayEquals(msg, Tcp.call(c, msg, Tcp.TIMEOUT));
        }
        c.release();
    }

    @Test
    void peerKilledMidCallGivesIOExceptionWithinTheBound() throws Exception {
        Connection c = client.acquire(serverUtid, Tcp.TIMEOUT);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<byte[]> call = pool.submit(() -> Tcp.call(c, Tcp.sleepCommand(60_000), 20_000));
            assertEquals("CALL-STARTED", lines.poll(20, TimeUnit.SECONDS));
            long t0 = System.nanoTime();
            server.destroyForcibly();
            var e = assertThrows(java.util.concurrent.ExecutionException.class, () -> call.get(10, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof IOException, String.valueOf(e.getCause()));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms < 5000, "noticed after " + ms + " ms");
        } finally {
            pool.shutdownNow();
        }
        assertTrue(!c.isOpen());
        assertThrows(java.net.ConnectException.class, () -> {
            server.waitFor(10, TimeUnit.SECONDS);
            client.acquire(serverUtid, Tcp.TIMEOUT);
        });
    }
}
