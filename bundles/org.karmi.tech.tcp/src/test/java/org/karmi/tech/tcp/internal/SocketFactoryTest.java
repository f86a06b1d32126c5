package org.karmi.tech.tcp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.OutputStream;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Utid;

/**
 * java.rmi's socket factories in the tcp technology (issue 12): the UTID layout that carries a
 * client socket factory (docs/PROTOCOL.md 4.1), listening through a server socket factory,
 * connecting through the client socket factory a UTID carries, and the allow-list that keeps
 * a peer's UTID from instantiating any other class.
 */
@Timeout(60)
class SocketFactoryTest {

    private static final HexFormat HEX = HexFormat.of();
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final TestContext serverNode = new TestContext(0x5e5eL);
    private final TestContext clientNode = new TestContext(0xc1c1L);

    @AfterEach
    void closeAll() throws Exception {
        Collections.reverse(toClose);
        for (AutoCloseable c : toClose) {
            c.close();
        }
        serverNode.shutdown();
        clientNode.shutdown();
    }

    private TcpTechnology start(TestContext node, List<String> socketFactories) throws IOException {
        TcpTechnology t = new TcpTechnology(Tcp.settings(30_000).withPort(TcpSettings.LISTEN_ON_DEMAND),
                TlsSettings.DISABLED, null, socketFactories);
        toClose.add(t);
        t.start(node);
        return t;
    }

    private static String echo(TcpTechnology client, Utid utid) throws IOException {
        Connection c = client.acquire(utid, Tcp.TIMEOUT);
        try {
            return new String(Tcp.call(c, "Ehi".getBytes(StandardCharsets.US_ASCII), Tcp.TIMEOUT), StandardCharsets.US_ASCII);
        } finally {
            c.release();
        }
    }

    // ---- the UTID layout ----

    @Test
    void factoryFollowsTheFlagsByteWithItsLength() throws Exception {
        byte[] f = ClientFactories.serialize(new XorClientFactory(0x5A));
        Utid u = TcpAddress.withFactory(TcpAddress.utid(InetAddress.getByName("127.0.0.1"), 2099), f);
        String len = String.format("%02x%02x", f.length & 0xff, f.length >>> 8);
        assertEquals("7f000001" + "3308" + "02" + len + HEX.formatHex(f), HEX.formatHex(u.address()));
        assertTrue(TcpAddress.isTcp(u));
        assertFalse(TcpAddress.requiresTls(u));
        assertEquals(new InetSocketAddress("127.0.0.1", 2099), TcpAddress.decode(u));
        assertArrayEquals(f, TcpAddress.factory(u));
        assertEquals("tcp 127.0.0.1:2099 (client socket factory " + XorClientFactory.class.getName() + ")",
                TcpAddress.describe(u));
        Utid v6 = TcpAddress.withFactory(TcpAddress.utid(InetAddress.getByName("::1"), 40000, true), f);
        assertEquals(16 + 2 + 1 + 2 + f.length, v6.address().length);
        assertEquals(new InetSocketAddress(InetAddress.getByName("::1"), 40000), TcpAddress.decode(v6));
        assertFalse(TcpAddress.requiresTls(v6), "a factory's sockets are the transport: the TLS flag is dropped");
        assertArrayEquals(f, TcpAddress.factory(v6));
        assertNull(TcpAddress.factory(TcpAddress.utid(LOOPBACK, 2099)));
    }

    @Test
    void factoryBytesAreBounded() throws Exception {
        Utid base = TcpAddress.utid(LOOPBACK, 2099);
        byte[] small = Arrays.copyOf(HEX.parseHex("aced0005"), TcpAddress.MIN_FACTORY_BYTES - 1);
        assertThrows(IllegalArgumentException.class, () -> TcpAddress.withFactory(base, small));
        byte[] large = Arrays.copyOf(HEX.parseHex("aced0005"), TcpAddress.MAX_FACTORY_BYTES + 1);
        assertThrows(IllegalArgumentException.class, () -> TcpAddress.withFactory(base, large));
        byte[] most = Arrays.copyOf(HEX.parseHex("aced0005"), TcpAddress.MAX_FACTORY_BYTES);
        Utid v6 = TcpAddress.withFactory(TcpAddress.utid(InetAddress.getByName("::1"), 1), most);
        assertEquals(Utid.MAX_ADDRESS_LENGTH, v6.address().length, "the largest factory fills a UTID beside IPv6");
        IOException tooLarge = assertThrows(IOException.class,
                () -> ClientFactories.serialize(new XorClientFactory(1, new byte[2000])));
        assertTrue(tooLarge.getMessage().contains("more than the " + TcpAddress.MAX_FACTORY_BYTES), tooLarge.getMessage());
        assertThrows(java.io.NotSerializableException.class, () -> ClientFactories.serialize((h, p) -> new Socket(h, p)));
    }

    @Test
    void unknownFlagBitsAndBadLengthsAreNotTcp() throws Exception {
        byte[] a = TcpAddress.withFactory(TcpAddress.utid(LOOPBACK, 2099),
                ClientFactories.serialize(new XorClientFactory(7))).address();
        for (int flags : new int[] {0x03, 0x06, 0x82, 0x00, 0x01}) {
            byte[] b = a.clone();
            b[6] = (byte) flags;
            assertFalse(TcpAddress.isTcp(new Utid("tcp", b)), "flags " + flags);
        }
        byte[] shorter = Arrays.copyOf(a, a.length - 1);
        assertFalse(TcpAddress.isTcp(new Utid("tcp", shorter)), "length not matching the factory's");
        byte[] noMagic = a.clone();
        noMagic[9] = 0;
        assertFalse(TcpAddress.isTcp(new Utid("tcp", noMagic)), "no serialization stream");
        assertFalse(TcpAddress.isTcp(new Utid("tcp", HEX.parseHex("7f000001330802"))), "factory flag without a factory");
        TcpTechnology client = start(clientNode, List.of());
        assertFalse(client.canReach(new Utid("tcp", shorter)));
        assertThrows(IOException.class, () -> client.acquire(new Utid("tcp", shorter), Tcp.TIMEOUT));
    }

    // ---- listening and connecting ----

    @Test
    void listensThroughTheServerFactoryOncePerPortAndFactory() throws Exception {
        TcpTechnology server = start(serverNode, List.of());
        XorServerFactory ssf = new XorServerFactory(0x5A);
        XorClientFactory csf = new XorClientFactory(0x5A);
        Utid first = server.listen(0, ssf, csf);
        Utid second = server.listen(0, new XorServerFactory(0x5A), csf);
        assertEquals(first, second, "an equal factory shares the anonymous listener");
        assertEquals(List.of(0), ssf.ports, "the factory is asked for port 0 once");
        Utid other = server.listen(0, new XorServerFactory(0x33), new XorClientFactory(0x33));
        assertNotEquals(TcpAddress.decode(first), TcpAddress.decode(other), "another factory, another listener");
        assertThrows(IllegalStateException.class, server::localUtid, "the own listener was never needed");

        TcpTechnology client = start(clientNode, List.of());
        client.utidFor("127.0.0.1", 1, new XorClientFactory(0)); // the application gave this factory class
        int made = XorClientFactory.CREATED.get();
        assertEquals("Ehi", echo(client, first));
        assertEquals("Ehi", echo(client, other));
        assertEquals(made + 2, XorClientFactory.CREATED.get(), "both connections made by the UTIDs' factories");
        assertEquals("Ehi", echo(client, first));
        assertEquals(made + 2, XorClientFactory.CREATED.get(), "pooled per address and factory");

        Utid plain = TcpAddress.utid(LOOPBACK, TcpAddress.decode(first).getPort());
        assertThrows(IOException.class, () -> echo(client, plain), "a plain client cannot talk to XOR sockets");

        int port = TcpAddress.decode(first).getPort();
        server.unlisten(0, ssf, csf);
        assertTrue(listening(port), "one export is left");
        server.unlisten(0, new XorServerFactory(0x5A), csf);
        assertFalse(listening(port), "closed with the last export");
    }

    @Test
    void nonZeroPortIsAskedOfTheFactoryAndAClientFactoryAloneUsesTheOwnListener() throws Exception {
        TcpTechnology server = start(serverNode, List.of());
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, LOOPBACK)) {
            port = s.getLocalPort();
        }
        XorServerFactory ssf = new XorServerFactory(0x11);
        Utid u = server.listen(port, ssf, null);
        assertEquals(List.of(port), ssf.ports);
        assertEquals(port, TcpAddress.decode(u).getPort());
        assertNull(TcpAddress.factory(u), "no client factory given: none carried");

        PlainClientFactory plainCsf = new PlainClientFactory();
        Utid own = server.listen(0, null, plainCsf);
        assertEquals(TcpAddress.decode(server.localUtid()), TcpAddress.decode(own));
        TcpTechnology client = start(clientNode, List.of(PlainClientFactory.class.getName()));
        assertEquals("Ehi", echo(client, own));
        assertTrue(PlainClientFactory.CREATED.get() > 0);
    }

    @Test
    void unknownFactoryClassIsRefusedNamingTheClassAndTheSetting() throws Exception {
        TcpTechnology server = start(serverNode, List.of());
        Utid u = server.listen(0, new XorServerFactory(0x21), new XorClientFactory(0x21));
        TcpTechnology client = start(clientNode, List.of()); // never given an XorClientFactory
        int made = XorClientFactory.CREATED.get();
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> client.acquire(u, Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains(XorClientFactory.class.getName()) && e.getMessage().contains("socketFactories"),
                e.getMessage());
        assertEquals(made, XorClientFactory.CREATED.get(), "nothing of it ran");

        TcpTechnology configured = start(new TestContext(0xc2c2L), List.of(SocketFactoryTest.class.getPackageName() + ".*"));
        assertEquals("Ehi", echo(configured, u), "a configured pattern allows it");
    }

    @Test
    void aKnownFactoryCarryingAnotherClassIsRefused() throws Exception {
        TcpTechnology server = start(serverNode, List.of());
        XorClientFactory hostile = new XorClientFactory(0x21, new ArrayList<>(List.of("x")));
        Utid u = server.listen(0, new XorServerFactory(0x21), hostile);
        TcpTechnology client = start(clientNode, List.of());
        client.utidFor("127.0.0.1", 1, new XorClientFactory(0));
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> client.acquire(u, Tcp.TIMEOUT));
        assertTrue(e.getMessage().contains("java.util.ArrayList"), e.getMessage());
    }

    @Test
    void sslClientFactoryIsAlwaysAllowed() throws Exception {
        ClientFactories none = new ClientFactories(List.of());
        RMIClientSocketFactory f = none.read(ClientFactories.serialize(new javax.rmi.ssl.SslRMIClientSocketFactory()),
                "127.0.0.1:1");
        assertEquals(javax.rmi.ssl.SslRMIClientSocketFactory.class, f.getClass());
        assertEquals(List.of("a.B", "c.*", "d.**"), ClientFactories.parse(" a.B, c.* d.**"));
        assertTrue(none.refusal("x.Y").contains("karmi.tcp.socketFactories"));
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(LOOPBACK, port), 2000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    // ---- factories: XOR sockets, as the java.rmi socket factory tutorial's ----

    static final class XorClientFactory implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger CREATED = new AtomicInteger();
        private final int pattern;
        private final Object extra;

        XorClientFactory(int pattern) {
            this(pattern, null);
        }

        XorClientFactory(int pattern, Object extra) {
            this.pattern = pattern;
            this.extra = extra;
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            CREATED.incrementAndGet();
            return new XorSocket(host, port, pattern);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof XorClientFactory x && x.pattern == pattern;
        }

        @Override
        public int hashCode() {
            return pattern;
        }
    }

    static final class XorServerFactory implements RMIServerSocketFactory {
        final List<Integer> ports = new CopyOnWriteArrayList<>();
        private final int pattern;

        XorServerFactory(int pattern) {
            this.pattern = pattern;
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            ports.add(port);
            return new ServerSocket(port, 50, LOOPBACK) {
                @Override
                public Socket accept() throws IOException {
                    Socket s = new XorSocket(pattern);
                    implAccept(s);
                    return s;
                }
            };
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof XorServerFactory x && x.pattern == pattern;
        }

        @Override
        public int hashCode() {
            return pattern;
        }
    }

    static final class PlainClientFactory implements RMIClientSocketFactory, Serializable {
        private static final long serialVersionUID = 1L;
        static final AtomicInteger CREATED = new AtomicInteger();

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            CREATED.incrementAndGet();
            return new Socket(host, port);
        }
    }

    static final class XorSocket extends Socket {
        private final int pattern;
        private InputStream in;
        private OutputStream out;

        XorSocket(int pattern) {
            this.pattern = pattern;
        }

        XorSocket(String host, int port, int pattern) throws IOException {
            super(host, port);
            this.pattern = pattern;
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = new FilterInputStream(super.getInputStream()) {
                    @Override
                    public int read() throws IOException {
                        int b = super.read();
                        return b < 0 ? b : (b ^ pattern) & 0xff;
                    }

                    @Override
                    public int read(byte[] b, int off, int len) throws IOException {
                        int n = super.read(b, off, len);
                        for (int i = off; i < off + n; i++) {
                            b[i] ^= (byte) pattern;
                        }
                        return n;
                    }
                };
            }
            return in;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new FilterOutputStream(super.getOutputStream()) {
                    @Override
                    public void write(int b) throws IOException {
                        super.write((b ^ pattern) & 0xff);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        byte[] x = new byte[len];
                        for (int i = 0; i < len; i++) {
                            x[i] = (byte) (b[off + i] ^ pattern);
                        }
                        out.write(x);
                    }
                };
            }
            return out;
        }
    }
}
