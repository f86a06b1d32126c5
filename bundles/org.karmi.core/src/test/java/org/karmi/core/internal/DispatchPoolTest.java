package org.karmi.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Server-side dispatch on a bounded pool, and the client's call timeout. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DispatchPoolTest {

    @Test
    void saturatedPoolRunsCallsOnConnectionThreadsSoNoCallWaits() throws Exception {
        KarmiNode server = TestNodes.tcpNode(Map.of("dispatch.threads", 2));
        KarmiNode client = TestNodes.tcpNode();
        try {
            server.registry().bind("s", server.export(new ServiceImpl(server, "pooled")));
            Service s = (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("s");
            Callback cb = (Callback) client.export((Callback) n -> n + 1);
            assertEquals(3, s.callBack(cb, 1), "a call-back from a pool thread works");
            long t0 = System.nanoTime();
            List<CompletableFuture<Void>> calls = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                calls.add(CompletableFuture.runAsync(() -> {
                    try {
                        s.sleep(1_000);
                    } catch (RemoteException e) {
                        throw new IllegalStateException(e);
                    }
                }, r -> new Thread(r).start()));
            }
            CompletableFuture.allOf(calls.toArray(new CompletableFuture[0])).get(20, TimeUnit.SECONDS);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(millis < 2_500, "5 x 1 s calls on a pool of 2 took " + millis + " ms");
        } finally {
            client.close();
            server.close();
        }
    }

    @Test
    void callWithoutReplyEndsAfterTheCallTimeout() throws Exception {
        KarmiNode server = TestNodes.tcpNode();
        KarmiNode client = TestNodes.tcpNode(Map.of("call.timeout", 1_000));
        try {
            server.registry().bind("s", server.export(new ServiceImpl(server, "slow")));
            Service s = (Service) client.registry("127.0.0.1", TestNodes.port(server)).lookup("s");
            long t0 = System.nanoTime();
            UnmarshalException e = assertThrows(UnmarshalException.class, () -> s.sleep(10_000));
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
            assertTrue(millis >= 900 && millis < 5_000, "timed out after " + millis + " ms: " + e);
            assertEquals("slow", s.name(), "a later call works on another connection");
        } finally {
            client.close();
            server.close();
        }
    }
}
