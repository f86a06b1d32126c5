package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.WireBuffer;

/**
 * Not a test: an in-process micro-measurement of a tcp technology round trip (1-byte payload,
 * answered on the server's connection thread) against a raw blocking-socket 1-byte ping-pong
 * with TCP_NODELAY, both over loopback, alternating rounds. Args: [rounds] [callsPerRound]
 * [spinMicros] [clients]; with clients &gt; 1 it measures calls per second of that many threads,
 * each on its own pooled connection, instead. Single-threaded driver apart from those clients.
 */
public final class TcpPingMeasurement {

    private TcpPingMeasurement() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 50_000;
        long spin = args.length > 2 ? Long.parseLong(args[2]) : TcpSettings.DEFAULT_SPIN_MICROS;
        TestContext serverNode = new TestContext(1);
        TestContext clientNode = new TestContext(2);
        TcpSettings settings = new TcpSettings("127.0.0.1", 0, 60_000, 2000, TcpSettings.DEFAULT_MAX_FRAME_BYTES, spin, 64);
        TcpTechnology server = new TcpTechnology(settings);
        TcpTechnology client = new TcpTechnology(settings);
        server.start(serverNode);
        client.start(clientNode);
        int clients = args.length > 3 ? Integer.parseInt(args[3]) : 1;
        if (clients > 1) {
            try {
                for (int r = -1; r < rounds; r++) {
                    System.out.printf("spinMicros=%d, %d clients: %.0f calls/s%s%n", spin, clients,
                            throughput(client, server, clients, calls), r < 0 ? " (warm-up)" : "");
                }
            } finally {
                client.close();
                server.close();
            }
            return;
        }
        try (ServerSocket rawServer = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Thread echo = new Thread(() -> rawEcho(rawServer), "raw-echo");
            echo.setDaemon(true);
            echo.start();
            try (Socket raw = new Socket(InetAddress.getByName("127.0.0.1"), rawServer.getLocalPort())) {
                raw.setTcpNoDelay(true);
                Connection c = client.acquire(server.localUtid(), 5000);
                double rawSum = 0;
                double tcpSum = 0;
                for (int r = -1; r < rounds; r++) {
                    double rawUs = raw(raw, calls);
                    double tcpUs = karmi(c, calls);
                    if (r >= 0) {
                        rawSum += rawUs;
                        tcpSum += tcpUs;
                    }
                    System.out.printf("round %2d: raw %.2f us, tcp %.2f us, ratio %.3f%s%n", r, rawUs, tcpUs,
                            tcpUs / rawUs, r < 0 ? " (warm-up)" : "");
                }
                System.out.printf("spinMicros=%d: raw %.2f us, tcp technology %.2f us per round trip, ratio %.3f%n",
                        spin, rawSum / rounds, tcpSum / rounds, tcpSum / rawSum);
                var mx = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
                long id = Thread.currentThread().getId();
                long before = mx.getThreadAllocatedBytes(id);
                karmi(c, calls);
                System.out.printf("caller allocation once warm: %.2f bytes per call%n",
                        (mx.getThreadAllocatedBytes(id) - before) / (double) calls);
                c.release();
            }
        } finally {
            client.close();
            server.close();
            serverNode.shutdown();
            clientNode.shutdown();
        }
    }

    private static double throughput(TcpTechnology client, TcpTechnology server, int clients, int calls)
            throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(clients);
        try {
            java.util.List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < clients; i++) {
                done.add(pool.submit(() -> {
                    Connection c = client.acquire(server.localUtid(), 5000);
                    karmi(c, calls);
                    c.release();
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
            return clients * (double) calls / ((System.nanoTime() - t0) / 1e9);
        } finally {
            pool.shutdownNow();
        }
    }

    private static double raw(Socket s, int calls) throws IOException {
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            out.write(1);
            if (in.read() < 0) {
                throw new IOException("raw echo ended");
            }
        }
        return (System.nanoTime() - t0) / 1000.0 / calls;
    }

    private static double karmi(Connection c, int calls) throws IOException {
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            WireBuffer out = c.request();
            out.writeByte('E');
            WireBuffer in = c.call(5000);
            if (in.remaining() != 1) {
                throw new IOException("bad reply");
            }
        }
        return (System.nanoTime() - t0) / 1000.0 / calls;
    }

    private static void rawEcho(ServerSocket server) {
        try (Socket s = server.accept()) {
            s.setTcpNoDelay(true);
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            for (int b; (b = in.read()) >= 0; ) {
                out.write(b);
            }
        } catch (IOException e) {
            // measurement over
        }
    }
}
