package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/** The technology between real separate JVMs: echo, peer death, crash clean-up, idle CPU. */
@ExtendWith(ShmDirectory.class)
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class TwoJvmTest {

    /** Bound on noticing a killed peer: heartbeat interval (50 ms here) plus slack for a busy machine. */
    private static final long DEATH_BOUND_MS = 3_000;

    private final List<ChildJvm> children = new ArrayList<>();
    private final List<ParaStationTechnology> started = new ArrayList<>();

    @AfterEach
    void cleanUp() throws InterruptedException {
        started.forEach(ParaStationTechnology::close);
        for (ChildJvm c : children) {
            c.close();
        }
    }

    private ChildJvm echoNode(Path domain) throws IOException {
        ChildJvm c = ChildJvm.start(EchoNodeMain.class, domain.toString());
        children.add(c);
        return c;
    }

    private static Utid utidOf(ChildJvm child) throws InterruptedException {
        return new Utid("parastation", HexFormat.of().parseHex(child.awaitLine("UTID", 30_000)));
    }

    private ParaStationTechnology local(Path domain) throws IOException {
        return local(domain, new TestContext());
    }

    private ParaStationTechnology local(Path domain, TestContext context) throws IOException {
        ParaStationTechnology t = new ParaStationTechnology(ParaStationConfig.builder().domainDirectory(domain)
                .ringCapacity(64 * 1024).heartbeatIntervalMs(50).build());
        context.utids(() -> List.of(t.localUtid()));
        t.start(context);
        started.add(t);
        return t;
    }

    private static byte[] echo(Connection c, byte[] payload, long timeoutMs) throws IOException {
        WireBuffer out = c.request();
        out.writeBytes(payload, 0, payload.length);
        WireBuffer in = c.call(timeoutMs);
        byte[] got = new byte[in.remaining()];
        in.readBytes(got, 0, got.length);
        return got;
    }

    @Test
    void echoRoundTripsBetweenTwoJvmsIncludingFragmentedMessages(Path domain) throws Exception {
        ChildJvm child = echoNode(domain);
        Utid server = utidOf(child);
        ParaStationTechnology client = local(domain);
        Connection c = client.acquire(server, 10_000);
        for (int i = 0; i < 20_000; i++) {
            byte[] p = new byte[] {(byte) i, (byte) (i >> 8), 3, 4};
            assertArrayEquals(p, echo(c, p, 10_000), "call " + i);
        }
        byte[] big = new byte[3 * 1024 * 1024];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 7);
        }
        assertArrayEquals(big, echo(c, big, 20_000));
        c.release();
    }

    @Test
    void killedServerFailsTheCallInFlightWithinTheBoundAndItsFilesAreReclaimed(Path domain) throws Exception {
        ChildJvm child = echoNode(domain);
        Utid server = utidOf(child);
        int serverPort = ParaStationAddress.port(server.address());
        TestContext clientContext = new TestContext();
        ParaStationTechnology client = local(domain, clientContext);
        Connection c = client.acquire(server, 10_000);
        assertArrayEquals(new byte[] {1}, echo(c, new byte[] {1}, 10_000));
        long serverNode = c.remoteNodeId();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicReference<Long> failedAtNs = new AtomicReference<>();
        Thread caller = new Thread(() -> {
            try {
                WireBuffer out = c.request();
                out.writeInt(-1);
                out.writeInt(30_000); // the server holds the call for 30 s
                c.call(60_000);
            } catch (Throwable t) {
                failure.set(t);
            }
            failedAtNs.set(System.nanoTime());
        });
        caller.start();
        Thread.sleep(300); // let the call arrive (the test asserts on the outcome, not on this delay)
        long killedAtNs = System.nanoTime();
        child.kill();
        caller.join(DEATH_BOUND_MS + 10_000);
        assertFalse(caller.isAlive(), "the caller must not hang");
        assertTrue(failure.get() instanceof IOException && !(failure.get() instanceof SocketTimeoutException),
                String.valueOf(failure.get()));
        long ms = (failedAtNs.get() - killedAtNs) / 1_000_000;
        assertTrue(ms < DEATH_BOUND_MS, "noticed after " + ms + " ms");
        assertThrows(IOException.class, () -> client.acquire(server, 2_000));
        assertEquals(Long.valueOf(serverNode), clientContext.deadPeers.poll(DEATH_BOUND_MS, TimeUnit.MILLISECONDS),
                "the reference layer learns that the server's node died (for the collectors)");
        ParaStationTechnology next = local(domain);
        assertNotNull(next.localUtid());
        assertFalse(Files.exists(domain.resolve(DomainDescriptor.nodeFileName(serverPort))),
                "the dead node's file is gone after the next start-up");
    }

    @Test
    void filesOfANodeKilledWhileNobodyWatchedAreReclaimedAtStartUp(Path domain) throws Exception {
        ChildJvm child = echoNode(domain);
        Utid server = utidOf(child);
        Path nodeFile = domain.resolve(DomainDescriptor.nodeFileName(ParaStationAddress.port(server.address())));
        assertTrue(Files.exists(nodeFile));
        Path doorbell = DomainDirectory.open(domain).doorbellPath(ParaStationAddress.port(server.address()));
        assertTrue(Files.exists(doorbell), "the child's doorbell socket " + doorbell);
        // a channel file the dead node left behind while connecting
        Path leftover = domain.resolve(DomainDescriptor.channelFileName(ParaStationAddress.port(server.address()), 77));
        Files.write(leftover, new byte[1024]);
        child.kill();
        ParaStationTechnology next = local(domain);
        assertFalse(Files.exists(nodeFile), "node file reclaimed");
        assertFalse(Files.exists(leftover), "channel file reclaimed");
        assertFalse(Files.exists(doorbell), "doorbell socket reclaimed");
        assertThrows(ConnectException.class, () -> next.acquire(server, 2_000));
    }

    @Test
    void idleNodeWithAnOpenConnectionUsesLessThanTwoPercentOfACore(Path domain) throws Exception {
        ChildJvm child = echoNode(domain);
        Utid server = utidOf(child);
        ParaStationTechnology client = local(domain);
        Connection c = client.acquire(server, 10_000);
        for (int i = 0; i < 1000; i++) {
            echo(c, new byte[] {1, 2, 3}, 10_000);
        }
        c.release(); // pooled: open, idle on both sides
        ProcessHandle handle = child.process().toHandle();
        Thread.sleep(2_000); // let spinning and yielding phases and the JIT settle (not a synchronisation)
        Duration before = handle.info().totalCpuDuration().orElseThrow();
        long t0 = System.nanoTime();
        Thread.sleep(4_000);
        Duration after = handle.info().totalCpuDuration().orElseThrow();
        double wallMs = (System.nanoTime() - t0) / 1e6;
        double cpuMs = after.minus(before).toNanos() / 1e6;
        double percent = 100.0 * cpuMs / wallMs;
        System.out.printf("[idle] child used %.1f ms CPU in %.0f ms: %.2f%% of one core%n", cpuMs, wallMs, percent);
        assertTrue(percent < 2.0, String.format("idle node used %.2f%% of a core", percent));
        Connection again = client.acquire(server, 10_000);
        assertArrayEquals(new byte[] {9}, echo(again, new byte[] {9}, 10_000), "still works after idling");
        again.release();
    }
}
