package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/** TLS for the tcp technology over real loopback sockets, with keys made by keytool at run time. */
@Timeout(60)
class TlsTechnologyTest {

    @TempDir
    static Path keys;
    static TlsCertificates certs;

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final List<TestContext> nodes = new ArrayList<>();
    private final List<String> logLines = new CopyOnWriteArrayList<>();
    private final Logger jul = Logger.getLogger("org.karmi.tech.tcp");
    private final Handler capture = new Handler() {
        @Override public void publish(LogRecord r) { logLines.add(r.getMessage()); }
        @Override public void flush() { }
        @Override public void close() { }
    };

    @BeforeAll
    static void makeKeys() throws Exception {
        certs = TlsCertificates.generate(keys);
    }

    @BeforeEach
    void captureLog() {
        jul.addHandler(capture);
    }

    @AfterEach
    void closeAll() throws Exception {
        jul.removeHandler(capture);
        Collections.reverse(toClose);
        for (AutoCloseable c : toClose) {
            c.close();
        }
        nodes.forEach(TestContext::shutdown);
    }

    private TestContext node(long id, long ioTimeoutMillis) {
        TestContext n = new TestContext(id, "jdk", 1, ioTimeoutMillis);
        nodes.add(n);
        return n;
    }

    /** Loopback, ephemeral port, and one log line per kind of refusal for the whole test. */
    private static TcpSettings settings() {
        return TcpSettings.fromProperties(key -> switch (key) {
            case "port" -> "0";
            case "connectTimeoutMillis" -> "2000";
            case "maxConnections" -> "64";
            case "logIntervalMillis" -> "600000";
            default -> null;
        });
    }

    private TcpTechnology start(TlsSettings tls, long ioTimeoutMillis) throws IOException {
        TcpTechnology t = new TcpTechnology(settings(), tls);
        t.start(node(0x5e5e0000L + toClose.size(), ioTimeoutMillis));
        toClose.add(t);
        return t;
    }

    private TcpTechnology start(TlsSettings tls) throws IOException {
        return start(tls, 5000);
    }

    private static byte[] echo(Connection c, byte[] payload) throws IOException {
        byte[] reply = Tcp.call(c, payload, Tcp.TIMEOUT);
        assertArrayEquals(payload, reply);
        return reply;
    }

    private static byte[] command(char command, String text) {
        return (command + text).getBytes(StandardCharsets.US_ASCII);
    }

    /** The TLS socket under a client connection, or null if it is plaintext. */
    private static SSLSocket tlsOf(Connection c) {
        return ((TcpClientConnection) c).socket instanceof TlsSocket t ? t.tls() : null;
    }

    private static void await(String what, BooleanSupplier condition) {
        Tcp.await(what, 20_000, condition);
    }

    @Test
    void callsWorkWithTlsOnInBothDirectionsWithMutualAuthentication() throws Exception {
        TcpTechnology server = start(certs.server());
        TcpTechnology client = start(certs.client());
        assertTrue(TcpAddress.requiresTls(server.localUtid()), TcpAddress.describe(server.localUtid()));
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        echo(c, command('E', "hello over TLS"));
        byte[] floats = new byte[1 + 5000 * Float.BYTES];
        floats[0] = 'E';
        for (int i = 1; i < floats.length; i++) {
            floats[i] = (byte) (i * 31);
        }
        echo(c, floats);
        echo(c, command('A', "answered from another thread"));
        WireBuffer oneWay = c.request();
        oneWay.writeBytes(new byte[] {9, 8, 7}, 0, 3);
        c.oneWay();
        SSLSocket tls = tlsOf(c);
        assertEquals("TLSv1.3", tls.getSession().getProtocol());
        assertTrue(tls.getSession().getPeerPrincipal().getName().contains("karmi-test-server"));
        c.release();
        await("one-way delivered", () -> nodes.get(0).oneWays.size() == 1);
        assertArrayEquals(new byte[] {9, 8, 7}, nodes.get(0).oneWays.get(0));
        assertEquals(0, server.statistics().connectionsRefused());
    }

    /** Waits until the pooled connection is old enough for acquire's check for unasked input. */
    private static void pastStaleCheck(Connection c) throws InterruptedException {
        await("stale check due", () -> System.nanoTime() - ((TcpClientConnection) c).releasedAtNanos
                > 2 * TcpEndpoint.STALE_CHECK_NANOS);
    }

    @Test
    void pooledTlsConnectionIsReusedAfterTheStaleCheck() throws Exception {
        TcpTechnology server = start(certs.server());
        TcpTechnology client = start(certs.client());
        Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        echo(c, command('E', "first"));
        c.release();
        pastStaleCheck(c);
        Connection again = client.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertSame(c, again, "nothing unasked arrived, so the TLS connection was kept");
        echo(again, command('E', "second"));
        again.release();
        assertEquals(1, client.statistics().connectionsOpened());
    }

    @Test
    void pooledTlsConnectionToANodeThatShutDownIsNotReused() throws Exception {
        TcpTechnology server = start(certs.server());
        Utid serverUtid = server.localUtid();
        TcpTechnology client = start(certs.client());
        Connection c = client.acquire(serverUtid, Tcp.TIMEOUT);
        echo(c, command('E', "before"));
        c.release();
        server.close(); // sends CLOSE inside TLS: the client sees only encrypted bytes arrive
        pastStaleCheck(c);
        int port = TcpAddress.decode(serverUtid).getPort();
        TcpTechnology restarted = new TcpTechnology(settings().withPort(port), certs.server());
        restarted.start(node(0x5e5e00ffL, 5000));
        toClose.add(restarted);
        Connection next = client.acquire(restarted.localUtid(), Tcp.TIMEOUT);
        assertNotSame(c, next, "the connection the CLOSE arrived on was dropped, not reused");
        echo(next, command('E', "after"));
        next.release();
    }

    @ParameterizedTest(name = "tls={0}")
    @ValueSource(booleans = {true, false})
    void markerSentAsArgumentIsOnTheWireOnlyWithoutTls(boolean tlsOn) throws Exception {
        TcpTechnology server = start(tlsOn ? certs.server() : TlsSettings.DISABLED);
        TcpTechnology client = start(tlsOn ? certs.client() : TlsSettings.DISABLED);
        InetSocketAddress target = TcpAddress.decode(server.localUtid());
        TlsRelay relay = new TlsRelay(target);
        toClose.add(relay);
        Utid viaRelay = TcpAddress.utid(InetAddress.getByName("127.0.0.1"), relay.port(), tlsOn);
        String marker = "KARMI-SECRET-MARKER-7f3a9c";
        Connection c = client.acquire(viaRelay, Tcp.TIMEOUT);
        for (int i = 0; i < 3; i++) {
            echo(c, command('E', marker + i));
        }
        c.release();
        String wire = new String(relay.captured(), StandardCharsets.ISO_8859_1);
        assertTrue(wire.length() > 3 * marker.length(), "the relay captured the traffic: " + wire.length() + " bytes");
        assertEquals(!tlsOn, wire.contains(marker), "marker on the wire with tls=" + tlsOn);
        assertEquals(!tlsOn, wire.contains("jdk"), "hello's serializer name on the wire with tls=" + tlsOn);
    }

    @Test
    void untrustedClientIsRefusedWithAClearErrorOnBothSides() throws Exception {
        TcpTechnology server = start(certs.server());
        TcpTechnology rogue = start(certs.settings(certs.rogue, certs.trust, false));
        IOException e = assertThrows(IOException.class, () -> rogue.acquire(server.localUtid(), Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("TLS handshake with tcp"), e.getMessage());
        assertTrue(e.getMessage().contains("refused this node's certificate"), e.getMessage());
        await("refusal counted", () -> server.statistics().connectionsRefused() == 1);
        await("refusal logged", () -> logLines.stream().anyMatch(l -> l.contains("refused TLS connection from")));
        String line = logLines.stream().filter(l -> l.contains("refused TLS connection from")).findFirst().orElseThrow();
        assertTrue(line.contains("TLS handshake failed: the client presented no certificate that "
                + "karmi.tcp.tls.trustStore trusts"), line);
        assertEquals(0, nodes.get(0).closedConnections.get(), "the refused peer never reached the handler");
        // the trusted client is still served, and the next refusals are counted, not logged each
        Connection ok = start(certs.client()).acquire(server.localUtid(), Tcp.TIMEOUT);
        echo(ok, command('E', "trusted"));
        ok.release();
        for (int i = 0; i < 3; i++) {
            assertThrows(IOException.class, () -> rogue.acquire(server.localUtid(), Tcp.TIMEOUT));
        }
        await("every refusal counted", () -> server.statistics().connectionsRefused() == 4);
        assertEquals(1, logLines.stream().filter(l -> l.contains("refused TLS connection from")).count(),
                "one line per log interval: " + logLines);
    }

    @Test
    void clientThatDoesNotTrustTheServerSaysSo() throws Exception {
        TcpTechnology server = start(certs.server());
        TcpTechnology client = start(certs.settings(certs.client, certs.rogueTrust, false));
        IOException e = assertThrows(IOException.class, () -> client.acquire(server.localUtid(), Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("TLS handshake with tcp"), e.getMessage());
        assertTrue(e.getMessage().contains("is not trusted by this node's karmi.tcp.tls.trustStore"), e.getMessage());
    }

    /** The server's io timeout is a minute and the method's timeout 30 s: the refusal cannot come from a deadline. */
    @Test
    @Timeout(30)
    void plaintextClientAgainstTlsOnlyEndpointFailsFastAndClearly() throws Exception {
        TcpTechnology server = start(certs.server(), 60_000);
        TcpTechnology plain = start(TlsSettings.DISABLED);
        InetSocketAddress a = TcpAddress.decode(server.localUtid());
        Utid unflagged = TcpAddress.utid(a.getAddress(), a.getPort());
        IOException refused = assertThrows(IOException.class, () -> plain.acquire(unflagged, 20_000));
        assertTrue(refused.getMessage().contains("(code " + TlsSockets.REFUSED_TLS_REQUIRED + ")")
                && refused.getMessage().contains("accepts only TLS"), refused.getMessage());
        await("refusal counted", () -> server.statistics().connectionsRefused() == 1);
        IOException early = assertThrows(IOException.class, () -> plain.acquire(server.localUtid(), 20_000));
        assertTrue(early.getMessage().contains("accepts only TLS connections, and this node has no TLS configured"),
                early.getMessage());
        assertEquals(1, server.statistics().connectionsRefused(), "the flagged UTID was not even tried in plaintext");
    }

    @Test
    void plaintextListenerIsOffByDefaultWhenTlsIsOn() throws Exception {
        TlsSettings configured = TlsSettings.fromProperties(key -> switch (key) {
            case "tls" -> "true";
            case "tls.keyStore" -> certs.server.toString();
            case "tls.trustStore" -> certs.trust.toString();
            case "tls.keyStorePassword", "tls.trustStorePassword" -> TlsCertificates.PASSWORD;
            default -> null;
        });
        assertFalse(configured.keepPlaintext());
        assertTrue(configured.clientAuth());
        TcpTechnology server = start(configured, 60_000);
        assertTrue(TcpAddress.requiresTls(server.localUtid()));
        try (RawPeer raw = new RawPeer(server.localUtid())) {
            raw.write(RawPeer.hello(Handshake.PROTOCOL_VERSION, "jdk"));
            byte[][] frame = raw.readFrame();
            assertEquals(MessageType.REFUSE, frame[0][0]);
            WireBuffer b = new WireBuffer(frame[1].length);
            b.writeBytes(frame[1], 0, frame[1].length);
            b.flipForRead(0, frame[1].length);
            String text = Handshake.readRefusal(b);
            assertTrue(text.contains("code 5") && text.contains("accepts only TLS"), text);
            assertTrue(raw.closedByServer(20_000));
        }
    }

    @Test
    void keepPlaintextServesTlsAndPlaintextClientsOnOnePort() throws Exception {
        TcpTechnology server = start(certs.settings(certs.server, certs.trust, true));
        assertFalse(TcpAddress.requiresTls(server.localUtid()), "the UTID every version reads");
        Connection plain = start(TlsSettings.DISABLED).acquire(server.localUtid(), Tcp.TIMEOUT);
        Connection tls = start(certs.client()).acquire(server.localUtid(), Tcp.TIMEOUT);
        echo(plain, command('E', "plaintext"));
        echo(tls, command('E', "tls"));
        assertNull(tlsOf(plain));
        assertEquals("TLSv1.3", tlsOf(tls).getSession().getProtocol(), "a TLS-only client speaks TLS to any UTID");
        plain.release();
        tls.release();
        TcpTechnology mixed = start(certs.settings(certs.client, certs.trust, true));
        Connection toUnflagged = mixed.acquire(server.localUtid(), Tcp.TIMEOUT);
        assertNull(tlsOf(toUnflagged), "a node that keeps plaintext uses it where the UTID allows it");
        TcpTechnology tlsOnly = start(certs.server());
        Connection toFlagged = mixed.acquire(tlsOnly.localUtid(), Tcp.TIMEOUT);
        echo(toFlagged, command('E', "TLS because the UTID says so"));
        assertEquals("TLSv1.3", tlsOf(toFlagged).getSession().getProtocol());
        toUnflagged.release();
        toFlagged.release();
    }

    /** The server's io timeout is a minute: if the stalled handshake held the acceptor, the next acquire would fail. */
    @Test
    void stalledTlsHandshakeDoesNotBlockTheAcceptor() throws Exception {
        TcpTechnology server = start(certs.server(), 60_000);
        TcpTechnology client = start(certs.client());
        try (RawPeer stalled = new RawPeer(server.localUtid()); RawPeer silent = new RawPeer(server.localUtid())) {
            stalled.write(new byte[] {0x16, 0x03, 0x01, 0x00}); // a TLS record header, and nothing more
            Connection c = client.acquire(server.localUtid(), Tcp.TIMEOUT);
            echo(c, command('E', "served while two handshakes stall"));
            c.release();
        }
    }

    @Test
    void stalledTlsHandshakeIsClosedAfterTheIoTimeout() throws Exception {
        TcpTechnology server = start(certs.server(), 300);
        try (RawPeer stalled = new RawPeer(server.localUtid()); RawPeer silent = new RawPeer(server.localUtid())) {
            stalled.write(new byte[] {0x16, 0x03, 0x01, 0x00});
            assertTrue(stalled.closedByServer(20_000), "closed in the TLS handshake");
            assertTrue(silent.closedByServer(20_000), "closed before the first byte");
        }
    }

    @Test
    void unreadableStoreFailsStartNamingTheSettingAndFile() throws Exception {
        TlsSettings wrongPassword = new TlsSettings(true, certs.server.toString(), "wrong", certs.trust.toString(),
                TlsCertificates.PASSWORD, true, false);
        TcpTechnology t = new TcpTechnology(settings(), wrongPassword);
        IOException e = assertThrows(IOException.class, () -> t.start(node(7, 2000)));
        assertTrue(e.getMessage().contains("karmi.tcp.tls.keyStore " + certs.server), e.getMessage());
        assertThrows(IllegalStateException.class, t::localUtid, "nothing was bound");
        TlsSettings keyAsTrust = certs.settings(certs.server, certs.server, false);
        IOException noTrusted = assertThrows(IOException.class,
                () -> new TcpTechnology(settings(), keyAsTrust).start(node(8, 2000)));
        assertTrue(noTrusted.getMessage().contains("karmi.tcp.tls.trustStore " + certs.server
                + " holds no trusted certificate entry"), noTrusted.getMessage());
    }
}
