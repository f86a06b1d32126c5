package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.net.Socket;
import java.rmi.RemoteException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.TechnologyStatistics;

/** Calls between real JVMs: this one (node A) and two children (B, C) over TCP. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MultiProcessTest {

    private static final long CALL_TIMEOUT_MILLIS = 8_000;

    private ChildJvm b;
    private ChildJvm c;
    private KarmiNode a;
    private Service serviceB;
    private Service serviceC;

    @BeforeAll
    void start() throws Exception {
        b = ChildJvm.start("B");
        c = ChildJvm.start("C");
        a = TestNodes.tcpNode(Map.of("call.timeout", CALL_TIMEOUT_MILLIS));
        serviceB = (Service) a.lookup("karmi://127.0.0.1:" + b.port + "/service");
        serviceC = (Service) a.lookup("rmi://127.0.0.1:" + c.port + "/service");
    }

    @AfterAll
    void stop() throws Exception {
        try {
            if (a != null) {
                a.close();
            }
        } finally {
            if (b != null) {
                b.close();
            }
            if (c != null) {
                c.close();
            }
        }
    }

    @Test
    void referencesArePassedAroundThreeJvms() throws Exception {
        assertEquals("C", serviceB.nameOf(serviceC), "B calls C with a reference it got from A");
        Service madeInB = serviceB.create("made-in-B");
        assertEquals("made-in-B", serviceC.nameOf(madeInB), "C calls B's object, reference from A");
        assertEquals("made-in-B", ((Service) serviceC.echo(madeInB)).name(), "a reference returned from C still reaches B");
    }

    @Test
    void callBackAcrossJvmsDoesNotDeadlock() throws Exception {
        Callback cb = n -> n * 2;
        Callback stub = (Callback) a.export(cb);
        assertEquals(43, serviceB.callBack(stub, 21));
        assertEquals(43, serviceC.callBack(stub, 21));
    }

    @Test
    void exceptionsCarryTheServerStack() {
        AppException e = assertThrows(AppException.class, () -> serviceB.fail("app"));
        assertTrue(Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getClassName().equals(ServiceImpl.class.getName())));
        assertTrue(Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getClassName().equals(MultiProcessTest.class.getName())));
        assertInstanceOf(AssertionError.class, assertThrows(java.rmi.ServerError.class, () -> serviceB.fail("error")).getCause());
    }

    @Test
    void eightConcurrentClientsOfASleepingMethodRunInParallel() throws Exception {
        serviceB.ping();
        long t0 = System.nanoTime();
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            calls.add(CompletableFuture.runAsync(() -> {
                try {
                    serviceB.sleep(3_000);
                } catch (RemoteException e) {
                    throw new IllegalStateException(e);
                }
            }, r -> new Thread(r).start()));
        }
        CompletableFuture.allOf(calls.toArray(new CompletableFuture[0])).get(30, TimeUnit.SECONDS);
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        assertTrue(millis < 6_000, "8 x 3 s took " + millis + " ms");
    }

    @Test
    void garbageOnTheRegistryPortDoesNotDisturbOtherClients() throws Exception {
        Random random = new Random(42);
        try (Socket garbage = new Socket("127.0.0.1", b.port); Socket huge = new Socket("127.0.0.1", b.port)) {
            byte[] junk = new byte[4096];
            random.nextBytes(junk);
            OutputStream out = garbage.getOutputStream();
            out.write(junk);
            out.flush();
            // a frame header claiming 2 GiB
            huge.getOutputStream().write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f, 1, 0, 0, 0, 0, 0, 0, 0});
            huge.getOutputStream().flush();
            assertEquals(7, serviceB.add(3, 4), "a client on its own connection is not disturbed");
        }
        KarmiNode fresh = TestNodes.tcpNode();
        try {
            Service again = (Service) fresh.lookup("//127.0.0.1:" + b.port + "/service");
            assertEquals("B", again.name(), "new clients are still served");
        } finally {
            fresh.close();
        }
    }

    @Test
    void serverKilledMidCallGivesRemoteExceptionWithinTheTimeout() throws Exception {
        try (ChildJvm victim = ChildJvm.start("victim")) {
            Service s = (Service) a.lookup("//127.0.0.1:" + victim.port + "/service");
            s.ping();
            TechnologyStatistics stats = TestNodes.tcp(a).statistics();
            long sent = stats.callsSent();
            long t0 = System.nanoTime();
            CompletableFuture<Void> call = CompletableFuture.runAsync(() -> {
                try {
                    s.sleep(60_000);
                } catch (RemoteException e) {
                    throw new IllegalStateException(e);
                }
            }, r -> new Thread(r).start());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (stats.callsSent() == sent && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            victim.kill();
            ExecutionException e = assertThrows(ExecutionException.class,
                    () -> call.get(CALL_TIMEOUT_MILLIS + 5_000, TimeUnit.MILLISECONDS));
            assertInstanceOf(RemoteException.class, e.getCause().getCause());
            assertTrue(System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(CALL_TIMEOUT_MILLIS + 2_000));
            assertThrows(RemoteException.class, s::ping, "later calls fail too, quickly");
        }
    }
}
