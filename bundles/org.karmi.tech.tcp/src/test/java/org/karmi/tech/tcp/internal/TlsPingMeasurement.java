package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.WireBuffer;

/**
 * Not a test: an in-process measurement of what TLS costs the tcp technology, as {@code
 * TcpPingMeasurement} measures plaintext. Two pairs of technologies in one JVM over loopback,
 * one plaintext and one with TLS 1.3 and mutual authentication (keys made by keytool into a
 * temporary directory, deleted at the end), each with one pooled connection, measured in
 * alternating order in the same rounds after the same warm-up: a {@code void ping()}-sized round
 * trip (a 25-byte request, the size of a CALL with no arguments, echoed) and a
 * {@code float[5000]}-sized one (20,005 bytes each way). Prints each round and the medians.
 * Args: [rounds] [pingCallsPerRound] [floatCallsPerRound]. Single-threaded.
 */
public final class TlsPingMeasurement {

    private static final int WARM_UP_ROUNDS = 3;

    private TlsPingMeasurement() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int pingCalls = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int floatCalls = args.length > 2 ? Integer.parseInt(args[2]) : 4_000;
        Path dir = Files.createTempDirectory("karmi-tls-measure");
        TestContext[] nodes = {new TestContext(1), new TestContext(2), new TestContext(3), new TestContext(4)};
        TcpTechnology[] techs = new TcpTechnology[4];
        try {
            TlsCertificates certs = TlsCertificates.generate(dir);
            TcpSettings settings = new TcpSettings("127.0.0.1", 0, 600_000, 2000, TcpSettings.DEFAULT_MAX_FRAME_BYTES,
                    0, 64);
            TlsSettings[] tls = {TlsSettings.DISABLED, TlsSettings.DISABLED, certs.server(), certs.client()};
            for (int i = 0; i < 4; i++) {
                techs[i] = new TcpTechnology(settings, tls[i]);
                techs[i].start(nodes[i]);
            }
            Connection plain = techs[1].acquire(techs[0].localUtid(), 5000);
            Connection secure = techs[3].acquire(techs[2].localUtid(), 5000);
            byte[] ping = payload(25);
            byte[] floats = payload(1 + 5000 * Float.BYTES + 4);
            double[][] us = new double[4][rounds]; // plain ping, tls ping, plain float, tls float
            for (int r = -WARM_UP_ROUNDS; r < rounds; r++) {
                boolean tlsFirst = (r & 1) != 0;
                double pp = 0;
                double tp = 0;
                double pf = 0;
                double tf = 0;
                if (tlsFirst) {
                    tp = time(secure, ping, pingCalls);
                    pp = time(plain, ping, pingCalls);
                    tf = time(secure, floats, floatCalls);
                    pf = time(plain, floats, floatCalls);
                } else {
                    pp = time(plain, ping, pingCalls);
                    tp = time(secure, ping, pingCalls);
                    pf = time(plain, floats, floatCalls);
                    tf = time(secure, floats, floatCalls);
                }
                System.out.printf("round %2d: ping plain %.2f us, tls %.2f us; float[5000] plain %.2f us, tls %.2f us%s%n",
                        r, pp, tp, pf, tf, r < 0 ? " (warm-up)" : "");
                if (r >= 0) {
                    us[0][r] = pp;
                    us[1][r] = tp;
                    us[2][r] = pf;
                    us[3][r] = tf;
                }
            }
            double[] m = Arrays.stream(us).mapToDouble(TlsPingMeasurement::median).toArray();
            System.out.printf("medians of %d rounds: void ping()-sized: plaintext %.2f us, TLS %.2f us, ratio %.2f "
                    + "(+%.2f us); float[5000]-sized: plaintext %.2f us, TLS %.2f us, ratio %.2f (+%.2f us)%n",
                    rounds, m[0], m[1], m[1] / m[0], m[1] - m[0], m[2], m[3], m[3] / m[2], m[3] - m[2]);
            plain.release();
            secure.release();
        } finally {
            for (TcpTechnology t : techs) {
                if (t != null) {
                    t.close();
                }
            }
            for (TestContext n : nodes) {
                n.shutdown();
            }
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static byte[] payload(int length) {
        byte[] b = new byte[length];
        b[0] = 'E';
        for (int i = 1; i < length; i++) {
            b[i] = (byte) (i * 7);
        }
        return b;
    }

    /** Microseconds per echoed round trip of {@code payload}. */
    private static double time(Connection c, byte[] payload, int calls) throws IOException {
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            WireBuffer out = c.request();
            out.writeBytes(payload, 0, payload.length);
            WireBuffer in = c.call(5000);
            if (in.remaining() != payload.length) {
                throw new IOException("bad reply: " + in.remaining() + " bytes");
            }
        }
        return (System.nanoTime() - t0) / 1000.0 / calls;
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
