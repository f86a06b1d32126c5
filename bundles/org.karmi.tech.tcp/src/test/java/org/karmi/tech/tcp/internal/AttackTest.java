package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Utid;

/**
 * The attacks of issue #11 against a server in its own JVM ({@link AttackedServerMain}, default
 * settings), each while a well-behaved client in this JVM keeps calling: 1,100 idle connections
 * cannot lock clients out, and 150 connections announcing 64 MiB frames (100 sending only the
 * 28 bytes of a header and 16 payload bytes, 40 trickling, 10 sending real bytes until the
 * budget makes them wait) cannot exhaust a 512 MB heap. {@code -Dkarmi.test.serverJvmArgs}
 * adds options to the server JVM (e.g. {@code -Xlog:gc:stderr} to see its collections).
 */
@Timeout(120)
class AttackTest {

    private static final long IO_TIMEOUT = 10_000;
    private static final int FRAME_64_MIB = 64 << 20;
    /**
     * Real bytes each of the ten senders sends of its 64 MiB frame, then falls silent: with the
     * tricklers more than the default budget at -Xmx512m (128 MiB), so reads pause. Not much
     * more: resident memory also counts the garbage of buffer growth that G1 has not collected
     * yet (it starts here with 378 MB of heap, 1/64 of the RAM, and fills that before its first
     * collection); with twenty senders of 64 MiB the budget still held at 128 MiB, but budget
     * handed from timed-out frames to waiting ones took the process past 400 MB. Measured with
     * this mix: 276-321 MB at most over five runs.
     */
    private static final int SENT_MIB = 10;

    private final TestContext clientNode = new TestContext(0xc1c1, "jdk", 1, IO_TIMEOUT);
    private final List<Socket> attackers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private ServerJvm server;
    private TcpTechnology client;
    private WellBehavedClient wellBehaved;

    @AfterEach
    void stop() throws Exception {
        if (wellBehaved != null) {
            wellBehaved.stop();
        }
        for (Socket s : attackers) {
            s.close();
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
        clientNode.shutdown();
    }

    /** Calls the server over pooled connections, as the reference layer does, until stopped. */
    private static final class WellBehavedClient implements Runnable {
        final TcpTechnology tcp;
        final Utid server;
        final AtomicLong calls = new AtomicLong();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread thread = new Thread(this, "well-behaved-client");
        volatile boolean stop;

        WellBehavedClient(TcpTechnology tcp, Utid server) {
            this.tcp = tcp;
            this.server = server;
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void run() {
            for (int i = 0; !stop; i++) {
                try {
                    Connection c = tcp.acquire(server, IO_TIMEOUT);
                    byte[] msg = {'E', (byte) i};
                    assertArrayEquals(msg, Tcp.call(c, msg, IO_TIMEOUT));
                    c.release();
                    calls.incrementAndGet();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                    return;
                }
                LockSupport.parkNanos(2_000_000L);
            }
        }

        /** Waits until {@code n} more calls succeeded (or one failed). */
        void awaitCalls(long n) {
            long target = calls.get() + n;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (calls.get() < target && failure.get() == null && System.nanoTime() < deadline) {
                LockSupport.parkNanos(1_000_000L);
            }
            assertNull(failure.get(), "a well-behaved call failed");
            assertTrue(calls.get() >= target, "well-behaved calls stalled at " + calls.get());
        }

        void stop() throws InterruptedException {
            stop = true;
            thread.join(20_000);
        }
    }

    private void startServerAndClient(String maxHeap) throws Exception {
        server = new ServerJvm(maxHeap, IO_TIMEOUT);
        client = new TcpTechnology(Tcp.settings(30_000));
        client.start(clientNode);
        wellBehaved = new WellBehavedClient(client, server.utid);
        wellBehaved.awaitCalls(10);
    }

    /** An attacker's connection that completed the handshake; returns the server's answer type. */
    private byte handshake(Socket s) throws IOException {
        s.connect(new InetSocketAddress("127.0.0.1", TcpAddress.decode(server.utid).getPort()), 5000);
        s.setSoTimeout(10_000);
        s.getOutputStream().write(RawPeer.hello(Handshake.PROTOCOL_VERSION, "jdk"));
        DataInputStream in = new DataInputStream(s.getInputStream());
        byte[] header = new byte[TcpFrameDescriptor.HEADER_LENGTH];
        in.readFully(header);
        in.readFully(new byte[TcpFrameDescriptor.length(header) - header.length]);
        return TcpFrameDescriptor.type(header);
    }

    /** A fresh client (new technology, new connection) gets its call served. */
    private void freshClientIsServed() throws Exception {
        TestContext node = new TestContext(0xf7e5, "jdk", 1, IO_TIMEOUT);
        TcpTechnology fresh = new TcpTechnology(Tcp.settings(30_000));
        fresh.start(node);
        try {
            Connection c = fresh.acquire(server.utid, IO_TIMEOUT);
            assertArrayEquals(new byte[] {'E', 9}, Tcp.call(c, new byte[] {'E', 9}, IO_TIMEOUT));
            c.release();
        } finally {
            fresh.close();
            node.shutdown();
        }
    }

    @Test
    void elevenHundredIdleConnectionsCannotLockClientsOut() throws Exception {
        startServerAndClient("256m");
        int refusedAttackers = 0;
        for (int i = 0; i < 1100; i++) {
            Socket s = new Socket();
            attackers.add(s);
            if (handshake(s) != MessageType.HELLO_ACK) {
                refusedAttackers++;
            }
        }
        wellBehaved.awaitCalls(20);
        freshClientIsServed();
        long[] stats = server.stats();
        assertEquals(0, refusedAttackers, "at the limit an idle connection is retired instead");
        assertTrue(stats[0] >= 1100 + 2 - TcpSettings.DEFAULT_MAX_CONNECTIONS,
                "retired connections are counted as refused: " + stats[0]);
        assertTrue(stats[1] <= TcpSettings.DEFAULT_MAX_CONNECTIONS + TcpSettings.DEFAULT_MAX_CONNECTIONS / 4,
                "open at the server: " + stats[1]);
        wellBehaved.awaitCalls(10);
    }

    @Test
    void hundredFiftyFramesAnnouncingSixtyFourMebibytesCannotExhaustTheHeap() throws Exception {
        startServerAndClient("512m");
        AtomicLong maxResident = new AtomicLong(server.residentBytes());
        AtomicLong maxBudgetInUse = new AtomicLong();
        Thread sampler = attackThread("rss-sampler", () -> {
            while (server.process.isAlive() && !wellBehaved.stop) {
                maxResident.accumulateAndGet(server.residentBytes(), Math::max);
                maxBudgetInUse.accumulateAndGet(server.stats()[3], Math::max);
                LockSupport.parkNanos(50_000_000L);
            }
        });
        byte[] header = RawPeer.frame(FRAME_64_MIB, MessageType.CALL, 1, "N...............".getBytes());
        byte[] chunk = new byte[1 << 20];
        long t0 = System.nanoTime();
        for (int i = 0; i < 150; i++) {
            Socket s = new Socket();
            attackers.add(s);
            assertEquals(MessageType.HELLO_ACK, handshake(s));
            OutputStream out = s.getOutputStream();
            out.write(header); // 28 bytes: a 12-byte header announcing 64 MiB and 16 payload bytes
            if (i >= 100 && i < 140) {
                attackThread("trickler-" + i, () -> {
                    for (int k = 0; k < 250; k++) {
                        out.write(chunk, 0, 4096);
                        LockSupport.parkNanos(50_000_000L);
                    }
                });
            } else if (i >= 140) {
                attackThread("sender-" + i, () -> { // real bytes as fast as the server takes them, then silence
                    for (int k = 0; k < SENT_MIB; k++) {
                        out.write(chunk);
                    }
                });
            }
        }
        wellBehaved.awaitCalls(20);
        for (Thread t : threads) {
            if (t != sampler) {
                t.join(60_000);
            }
        }
        while (System.nanoTime() - t0 < TimeUnit.MILLISECONDS.toNanos(IO_TIMEOUT + 1000)) {
            wellBehaved.awaitCalls(5); // served throughout, until past the deadline of every frame begun
        }
        freshClientIsServed();
        System.out.println("AttackTest: server resident memory at most " + (maxResident.get() >> 20)
                + " MB, inbound budget in use at most " + (maxBudgetInUse.get() >> 20) + " MiB");
        assertFalse(server.errors().contains("OutOfMemoryError"), server.errors());
        assertTrue(server.process.isAlive());
        assertTrue(maxResident.get() < 400L << 20, () -> "server resident memory reached " + (maxResident.get() >> 20)
                + " MB; its log:\n" + server.errors());
        assertTrue(maxBudgetInUse.get() > 100L << 20, "the senders spent the budget (reads paused): "
                + (maxBudgetInUse.get() >> 20) + " MiB at most");
        for (Socket s : attackers) {
            s.close();
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        long[] stats = server.stats();
        while (stats[3] != 0 && System.nanoTime() < deadline) {
            LockSupport.parkNanos(20_000_000L);
            stats = server.stats();
        }
        assertEquals(0, stats[3], "inbound budget back to nothing once the attackers are gone");
        wellBehaved.awaitCalls(10);
    }

    private interface Attack {
        void run() throws IOException;
    }

    private Thread attackThread(String name, Attack attack) {
        Thread t = new Thread(() -> {
            try {
                attack.run();
            } catch (IOException closedByTheServer) {
                // the server's bounds at work
            }
        }, name);
        t.setDaemon(true);
        threads.add(t);
        t.start();
        return t;
    }
}
