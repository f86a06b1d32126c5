package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.WireBuffer;

/** Small helpers shared by the tests. */
final class Tcp {

    static final long TIMEOUT = 5000;

    private Tcp() {
    }

    /** Settings for tests: loopback, ephemeral port, given idle time. */
    static TcpSettings settings(long idleMillis) {
        return new TcpSettings("127.0.0.1", 0, idleMillis, 2000, TcpSettings.DEFAULT_MAX_FRAME_BYTES, 0, 64);
    }

    static TcpTechnology started(TestContext context) throws IOException {
        TcpTechnology t = new TcpTechnology(settings(30_000));
        t.start(context);
        return t;
    }

    /** Sends command + body as a call and returns the reply payload. */
    static byte[] call(Connection c, byte[] payload, long timeout) throws IOException {
        WireBuffer out = c.request();
        out.writeBytes(payload, 0, payload.length);
        WireBuffer in = c.call(timeout);
        return Arrays.copyOfRange(in.array, in.position, in.limit);
    }

    /** Waits until {@code condition} holds, polling every 2 ms; fails naming {@code what} after {@code timeoutMs}. */
    static void await(String what, long timeoutMs, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + timeoutMs + " ms: " + what);
            }
            LockSupport.parkNanos(2_000_000L);
        }
    }

    static byte[] sleepCommand(int millis) {
        byte[] b = new byte[5];
        b[0] = 'S';
        WireBuffer.putInt(b, 1, millis);
        return b;
    }
}
