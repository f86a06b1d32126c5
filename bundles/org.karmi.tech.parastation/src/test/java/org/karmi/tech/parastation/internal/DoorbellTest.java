package org.karmi.tech.parastation.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.WireBuffer;

/**
 * Sleeping receivers and conductors are woken by the doorbell, not by their safety timeout:
 * the timeouts here are far longer than the tests' own bounds, so a test can only pass if the
 * doorbell rang, and the counters say so.
 */
@ExtendWith(ShmDirectory.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DoorbellTest {

    /** Longer than any bound below: a wake-up that had to wait for it would fail the test. */
    private static final long SAFETY_MS = 30_000;

    private final List<ParaStationTechnology> started = new ArrayList<>();

    @AfterEach
    void closeAll() {
        started.forEach(ParaStationTechnology::close);
    }

    private static ParaStationConfig.Builder sleepy(Path domain) {
        return ParaStationConfig.builder().domainDirectory(domain).ringCapacity(16 * 1024)
                .receiveSpinNs(1_000).receiveYieldNs(50_000).wakeSafetyTimeoutMs(SAFETY_MS);
    }

    private ParaStationTechnology start(ParaStationConfig config) throws IOException {
        ParaStationTechnology t = new ParaStationTechnology(config);
        TestContext context = new TestContext("uka", 20_000);
        context.utids(() -> List.of(t.localUtid()));
        t.start(context);
        started.add(t);
        return t;
    }

    private static ParaStationStatistics stats(ParaStationTechnology t) {
        return (ParaStationStatistics) t.statistics();
    }

    private static byte[] echo(Connection c, byte[] payload) throws IOException {
        WireBuffer out = c.request();
        out.writeBytes(payload, 0, payload.length);
        WireBuffer in = c.call(20_000);
        byte[] got = new byte[in.remaining()];
        in.readBytes(got, 0, got.length);
        return got;
    }

    @Test
    void sleepingServerReceiverIsWokenByTheDoorbell(Path domain) throws Exception {
        ParaStationTechnology server = start(sleepy(domain).build());
        ParaStationTechnology client = start(sleepy(domain).build());
        Connection c = client.acquire(server.localUtid(), 10_000);
        assertArrayEquals(new byte[] {1}, echo(c, new byte[] {1}));
        ParaStationTechnologyTest.await("the server receiver to sleep", 10_000,
                () -> stats(server).sleepingNow() > 0);
        long wakeupsBefore = stats(server).doorbellWakeups();
        assertArrayEquals(new byte[] {2}, echo(c, new byte[] {2}), "answered long before the safety timeout");
        assertTrue(stats(server).doorbellWakeups() > wakeupsBefore, "the server receiver was woken by its doorbell: "
                + stats(server));
        assertTrue(stats(client).doorbellsRung() > 0, stats(client).toString());
        assertEquals(0, stats(server).safetyTimeoutWakeups());
        c.release();
    }

    @Test
    void callerSleepingForASlowReplyIsWokenByTheDoorbell(Path domain) throws Exception {
        ParaStationTechnology server = start(sleepy(domain).build());
        ParaStationTechnology client = start(sleepy(domain).build());
        Connection c = client.acquire(server.localUtid(), 10_000);
        WireBuffer out = c.request();
        out.writeInt(-1);
        out.writeInt(200); // the server answers after 200 ms: the caller is asleep by then
        WireBuffer in = c.call(20_000);
        assertEquals(8, in.remaining());
        assertTrue(stats(client).sleeps() > 0, "the caller slept: " + stats(client));
        assertTrue(stats(client).doorbellWakeups() > 0, "the caller was woken by its doorbell: " + stats(client));
        assertTrue(stats(client).sleepsEndedByProducer() > 0, stats(client).toString());
        assertEquals(0, stats(client).safetyTimeoutWakeups());
        c.release();
    }

    @Test
    void connectWakesAConductorThatSleepsUntilItsNextHeartbeat(Path domain) throws Exception {
        // heartbeats 30 s apart: the conductor sleeps on its doorbell far longer than acquire may take
        ParaStationTechnology server = start(sleepy(domain).heartbeatIntervalMs(30_000).livenessTimeoutMs(120_000)
                .build());
        ParaStationTechnology client = start(sleepy(domain).build());
        for (int i = 0; i < 5; i++) {
            Connection c = client.acquire(server.localUtid(), 10_000);
            assertArrayEquals(new byte[] {(byte) i}, echo(c, new byte[] {(byte) i}));
            c.discard();
        }
        assertTrue(stats(client).doorbellsRung() > 0, stats(client).toString());
    }

    @Test
    void noWakeUpIsLostInBurstsSeparatedByIdleGaps(Path domain) throws Exception {
        TestContext serverContext = new TestContext("uka", 20_000);
        ParaStationTechnology server = new ParaStationTechnology(sleepy(domain).receiveSpinNs(0)
                .receiveYieldNs(5_000).wakeSafetyTimeoutMs(10_000).build());
        serverContext.utids(() -> List.of(server.localUtid()));
        server.start(serverContext);
        started.add(server);
        ParaStationTechnology client = start(sleepy(domain).receiveSpinNs(0).receiveYieldNs(5_000)
                .wakeSafetyTimeoutMs(10_000).build());
        Connection c = client.acquire(server.localUtid(), 10_000);
        long seed = ThreadLocalRandom.current().nextLong();
        System.out.println("[doorbell] stress seed " + seed);
        java.util.Random random = new java.util.Random(seed);
        long endNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(4);
        int bursts = 0;
        int oneWays = 0;
        while (System.nanoTime() - endNs < 0 && bursts < 20_000) {
            int n = 1 + random.nextInt(8);
            for (int i = 0; i < n; i++) {
                if (random.nextInt(4) == 0) {
                    c.request().writeInt(oneWays++);
                    c.oneWay();
                } else {
                    byte[] p = {(byte) i, (byte) bursts};
                    assertArrayEquals(p, echo(c, p));
                }
            }
            bursts++;
            long gapNs = random.nextInt(4) == 0 ? 0 : random.nextInt(60_000);
            if (gapNs > 0) {
                LockSupport.parkNanos(gapNs); // idle: around the yield-to-sleep transition of both sides
            }
        }
        for (int i = 0; i < oneWays; i++) {
            byte[] m = serverContext.oneWays.poll(20, TimeUnit.SECONDS);
            assertEquals(i, WireBuffer.getInt(m, 0));
        }
        c.release();
        System.out.println("[doorbell] " + bursts + " bursts; client " + stats(client) + "; server " + stats(server));
        assertTrue(stats(client).sleeps() + stats(server).sleeps() > 0, "the stress must reach the sleep phase");
        assertTrue(stats(client).doorbellWakeups() + stats(server).doorbellWakeups() > 0, "doorbells rang");
        assertEquals(0, stats(client).safetyTimeoutWakeups(), "lost wake-ups at the client");
        assertEquals(0, stats(server).safetyTimeoutWakeups(), "lost wake-ups at the server");
    }

    @Test
    void closingTheNodeDeletesItsDoorbell(Path domain) throws Exception {
        ParaStationTechnology t = start(sleepy(domain).build());
        DomainDirectory dir = DomainDirectory.open(domain);
        Path bell = dir.doorbellPath(ParaStationAddress.port(t.localUtid().address()));
        assertTrue(Files.exists(bell), bell + " exists while the node runs");
        t.close();
        assertTrue(!Files.exists(bell), bell + " is gone after close");
    }
}
