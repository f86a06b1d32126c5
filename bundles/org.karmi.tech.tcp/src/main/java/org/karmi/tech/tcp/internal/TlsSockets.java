package org.karmi.tech.tcp.internal;

import static java.lang.System.Logger.Level.WARNING;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.LogLimiter;
import org.karmi.spi.transport.MessageType;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * TLS for one life of a TCP endpoint: the JDK's TLS 1.3 over the endpoint's blocking sockets,
 * with the key and trust stores of {@link TlsSettings}. It decides per connection whether TLS is
 * spoken, runs the TLS handshake on the connection's thread (the client's in {@code acquire},
 * the server's on the connection thread under the link's io deadline, never on the acceptor),
 * and turns TLS failures into messages that say what to fix. Thread-safe (immutable apart from
 * the log limiters).
 *
 * <p>A TLS-configured listener tells a TLS client from a plaintext one by the first three bytes:
 * a TLS record header is {@code 16 03 0x} with x &ge; 1, which read as a KaRMI frame length
 * (i32 little-endian) is at least 0x010316 = 66,326 bytes, more than any HELLO may be
 * (12 + 64 KiB = 65,548); so a HELLO that begins {@code 16 03} has 0 as its third byte.
 */
final class TlsSockets {

    /** The only protocol spoken. */
    static final String PROTOCOL = "TLSv1.3";
    /** REFUSE code (tcp only) for a plaintext HELLO at an endpoint that accepts only TLS. */
    static final int REFUSED_TLS_REQUIRED = 5;
    private static final byte TLS_HANDSHAKE_RECORD = 0x16;
    private static final int SNIFF_BYTES = 3;

    /** No TLS: plain sockets everywhere, exactly as without this class. */
    static final TlsSockets OFF = new TlsSockets(TlsSettings.DISABLED, null, 0);

    final TlsSettings settings;
    private final SSLSocketFactory factory;
    private final LogLimiter untrusted;
    private final LogLimiter plaintext;

    private TlsSockets(TlsSettings settings, SSLSocketFactory factory, long logIntervalMillis) {
        this.settings = settings;
        this.factory = factory;
        this.untrusted = new LogLimiter(TcpEndpoint.LOG, WARNING, logIntervalMillis);
        this.plaintext = new LogLimiter(TcpEndpoint.LOG, WARNING, logIntervalMillis);
    }

    /**
     * Loads the stores of {@code settings} (nothing when TLS is off); refusals are logged at most
     * once per {@code logIntervalMillis} for each kind (untrusted, plaintext).
     *
     * @throws IOException naming the setting and file that cannot be used, and why
     */
    static TlsSockets create(TlsSettings settings, long logIntervalMillis) throws IOException {
        if (!settings.enabled()) {
            return OFF;
        }
        KeyStore keys = load(settings.keyStore(), settings.keyStorePassword(), TlsSettings.KEY_KEY_STORE);
        KeyStore trusted = load(settings.trustStore(), settings.trustStorePassword(), TlsSettings.KEY_TRUST_STORE);
        try {
            require(keys, true, TlsSettings.KEY_KEY_STORE, settings.keyStore(), "private key entry");
            require(trusted, false, TlsSettings.KEY_TRUST_STORE, settings.trustStore(), "trusted certificate entry");
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, settings.keyStorePassword().toCharArray());
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trusted);
            SSLContext context = SSLContext.getInstance(PROTOCOL);
            context.init(kmf.getKeyManagers(), tmf.getTrustManagers(), null);
            return new TlsSockets(settings, context.getSocketFactory(), logIntervalMillis);
        } catch (GeneralSecurityException e) {
            throw new IOException("tcp TLS cannot use " + TlsSettings.property(TlsSettings.KEY_KEY_STORE) + " "
                    + settings.keyStore() + " with " + TlsSettings.property(TlsSettings.KEY_TRUST_STORE) + " "
                    + settings.trustStore() + ": " + e, e);
        }
    }

    private static KeyStore load(String file, String password, String key) throws IOException {
        try (InputStream in = Files.newInputStream(Path.of(file))) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password.toCharArray());
            return store;
        } catch (IOException | GeneralSecurityException | RuntimeException e) {
            throw new IOException("tcp TLS cannot read " + TlsSettings.property(key) + " " + file
                    + " as a PKCS#12 store (wrong password, or not a PKCS#12 file?): " + e, e);
        }
    }

    private static void require(KeyStore store, boolean privateKey, String key, String file, String what)
            throws GeneralSecurityException, IOException {
        for (String alias : Collections.list(store.aliases())) {
            if (privateKey ? store.isKeyEntry(alias) : store.isCertificateEntry(alias)) {
                return;
            }
        }
        throw new IOException("tcp TLS: " + TlsSettings.property(key) + " " + file + " holds no " + what);
    }

    boolean enabled() {
        return factory != null;
    }

    /** Whether this node's UTID carries the TLS flag (TLS on, plaintext not kept). */
    boolean tlsOnly() {
        return settings.tlsOnly();
    }

    // ---- client side ----

    /**
     * The unconnected socket for a connection to {@code remote}: a {@link TlsSocket} when the
     * UTID says its endpoint accepts only TLS or when this node sends only TLS, else a plain one.
     *
     * @throws SSLHandshakeException if the peer needs TLS and this node has none configured
     */
    Socket clientSocket(Utid remote, String target) throws IOException {
        boolean peerNeedsTls = TcpAddress.requiresTls(remote);
        if (peerNeedsTls && !enabled()) {
            throw new SSLHandshakeException("tcp " + target + " accepts only TLS connections, and this node has no"
                    + " TLS configured (set " + TlsSettings.property(TlsSettings.KEY_ENABLED) + "=true with "
                    + TlsSettings.property(TlsSettings.KEY_KEY_STORE) + " and "
                    + TlsSettings.property(TlsSettings.KEY_TRUST_STORE) + ")");
        }
        return peerNeedsTls || tlsOnly() ? new TlsSocket(new Socket()) : new Socket();
    }

    /**
     * Client side, after connect: runs the TLS handshake if {@code socket} is a {@link TlsSocket}
     * (bounded by the caller's deadline on the connection, which closes the socket when it passes).
     */
    void startClient(Socket socket, String target, Utid remote) throws IOException {
        if (!(socket instanceof TlsSocket t)) {
            return;
        }
        InetSocketAddress address = (InetSocketAddress) t.plain.getRemoteSocketAddress();
        SSLSocket s = (SSLSocket) factory.createSocket(t.plain, address.getHostString(), address.getPort(),
                false); // the TlsSocket closes the plain socket
        s.setUseClientMode(true);
        s.setEnabledProtocols(new String[] {PROTOCOL});
        try {
            s.startHandshake();
        } catch (SSLException e) {
            throw clientFailure(e, target, remote);
        }
        t.useTls(s);
    }

    /**
     * What a failure of a connection's opening means: the TLS handshake, or the KaRMI hello right
     * after it, which is where TLS 1.3 delivers the server's verdict on the client's certificate
     * (an alert, or the connection cut). Other exceptions, and any on a plaintext socket, are
     * returned as they are.
     */
    IOException explain(IOException e, Socket socket, String target, Utid remote) {
        if (!(socket instanceof TlsSocket t) || String.valueOf(e.getMessage()).startsWith("TLS handshake with")) {
            return e;
        }
        if (e instanceof SSLException ssl) {
            return clientFailure(ssl, target, remote);
        }
        if (t.tls() != null && (e instanceof java.io.EOFException || e instanceof java.net.SocketException)) {
            SSLHandshakeException x = new SSLHandshakeException("TLS handshake with tcp " + target + " failed: the peer"
                    + " closed the connection before answering the hello (did it refuse this node's certificate?"
                    + " is it trusted by that node's " + TlsSettings.property(TlsSettings.KEY_TRUST_STORE) + "?): " + e);
            x.initCause(e);
            return x;
        }
        return e;
    }

    private SSLHandshakeException clientFailure(SSLException e, String target, Utid remote) {
        String m = String.valueOf(e.getMessage());
        String why;
        if (m.contains("Received fatal alert")) {
            why = "tcp " + target + " refused this node's certificate (is it trusted by that node's "
                    + TlsSettings.property(TlsSettings.KEY_TRUST_STORE) + "?)";
        } else if (m.contains("PKIX") || m.contains("certification path") || m.contains("certificate")) {
            why = "the certificate of tcp " + target + " is not trusted by this node's "
                    + TlsSettings.property(TlsSettings.KEY_TRUST_STORE) + " " + settings.trustStore();
        } else if (m.contains("Unsupported or unrecognized SSL message") || m.contains("terminated the handshake")) {
            why = "tcp " + target + " does not answer in TLS (" + (TcpAddress.requiresTls(remote)
                    ? "although its address says it accepts only TLS" : "its address carries no TLS flag: is "
                    + TlsSettings.property(TlsSettings.KEY_ENABLED) + " set there?") + ")";
        } else {
            why = null;
        }
        SSLHandshakeException x = new SSLHandshakeException("TLS handshake with tcp " + target + " failed: "
                + (why == null ? m : why + ": " + m));
        x.initCause(e);
        return x;
    }

    // ---- server side ----

    /** The socket an accepted connection is served on: a {@link TlsSocket} when TLS is on. No I/O. */
    Socket accepted(Socket s) {
        return enabled() ? new TlsSocket(s) : s;
    }

    /**
     * Server side, on the connection's thread under its io deadline, before the KaRMI hello:
     * reads the first bytes and runs the TLS handshake, or keeps plaintext if allowed, or refuses
     * (REFUSE code {@value #REFUSED_TLS_REQUIRED} to a plaintext client). A refusal is counted in
     * {@code connectionsRefused}, logged at most once per log interval, and
     * closes the connection before this throws. Nothing happens for a plain socket.
     *
     * @throws IOException if the connection cannot be served (refused, timed out, gone)
     */
    void startServer(TcpServerConnection c) throws IOException {
        if (!(c.socket instanceof TlsSocket t)) {
            return;
        }
        byte[] first = new byte[SNIFF_BYTES];
        int n = readUpTo(t.plain.getInputStream(), first);
        if (n == 0) {
            throw new java.io.EOFException("connection closed by peer before its first byte");
        }
        boolean tlsRecord = n == SNIFF_BYTES && first[0] == TLS_HANDSHAKE_RECORD && first[1] == 3 && first[2] != 0;
        InputStream consumed = new ByteArrayInputStream(first, 0, n);
        if (!tlsRecord) {
            if (settings.keepPlaintext()) {
                t.usePlaintext(consumed);
                return;
            }
            throw refusePlaintext(c, t);
        }
        SSLSocket s = (SSLSocket) factory.createSocket(t.plain, consumed, false); // see TlsSocket
        s.setUseClientMode(false);
        s.setEnabledProtocols(new String[] {PROTOCOL});
        if (settings.clientAuth()) {
            s.setNeedClientAuth(true);
        }
        try {
            s.startHandshake();
        } catch (SSLException e) {
            if (c.timedOut() || c.isClosed()) {
                throw e;
            }
            String why = serverFailure(e);
            untrusted.log("tcp: refused TLS connection from " + c.peer + ": TLS handshake failed: " + why);
            throw refuse(c, t, null, "refused TLS connection from " + c.peer + ": " + why);
        }
        t.useTls(s);
    }

    /** What a failed server-side handshake means, for the log line. */
    private static String serverFailure(SSLException e) {
        String m = String.valueOf(e.getMessage());
        String trustStore = TlsSettings.property(TlsSettings.KEY_TRUST_STORE);
        if (m.contains("Empty client certificate chain")) {
            return "the client presented no certificate that " + trustStore + " trusts (" + m + ")";
        }
        if (m.contains("PKIX") || m.contains("certification path")) {
            return "the client's certificate is not trusted by " + trustStore + " (" + m + ")";
        }
        if (m.contains("Received fatal alert")) {
            return "the client gave up, e.g. it does not trust this node's certificate (" + m + ")";
        }
        if (m.contains("terminated the handshake")) {
            return "the client closed the connection during the TLS handshake (" + m + ")";
        }
        return m;
    }

    private static int readUpTo(InputStream in, byte[] into) throws IOException {
        int n = 0;
        while (n < into.length) {
            int r = in.read(into, n, into.length - n);
            if (r < 0) {
                break;
            }
            n += r;
        }
        return n;
    }

    /** Answers a plaintext client REFUSE code 5 and closes; returns what to throw. */
    private IOException refusePlaintext(TcpServerConnection c, TlsSocket t) {
        plaintext.log("tcp: refused plaintext connection from " + c.peer + ": this node accepts only TLS");
        String message = "tcp " + TcpAddress.text((java.net.InetSocketAddress) c.socket.getLocalSocketAddress()) + " accepts only TLS connections ("
                + TlsSettings.property(TlsSettings.KEY_ENABLED) + "), and this client spoke plaintext";
        WireBuffer b = new WireBuffer(512);
        b.position = TcpFrameDescriptor.HEADER_LENGTH;
        Handshake.writeRefusal(b, REFUSED_TLS_REQUIRED, message);
        TcpFrameDescriptor.writeHeader(b.array, b.position, MessageType.REFUSE, 0);
        return refuse(c, t, b, "refused plaintext connection from " + c.peer + ": this node accepts only TLS");
    }

    /**
     * Counts a refusal, sends {@code frame} (if any) in plaintext, lets the client read what was
     * sent (a REFUSE, or the TLS alert the failed handshake wrote) and closes the connection.
     */
    private static SSLHandshakeException refuse(TcpServerConnection c, TlsSocket t, WireBuffer frame, String why) {
        c.endpoint.statistics.connectionsRefused.increment();
        try {
            if (frame != null) {
                OutputStream out = t.plain.getOutputStream();
                out.write(frame.array, 0, frame.position);
            }
            t.plain.shutdownOutput();
            drain(t.plain.getInputStream());
        } catch (IOException e) {
            // the client went away first; the refusal is counted and logged either way
        }
        c.close();
        return new SSLHandshakeException(why);
    }

    /**
     * Reads what the client still sends until it closes (bounded by the link's deadline and by
     * the largest hello): closing with unread input would reset the refusal away before the
     * client read it.
     */
    private static void drain(InputStream in) throws IOException {
        byte[] sink = new byte[4096];
        long left = TcpHandshake.MAX_HELLO_FRAME;
        for (int r; left > 0 && (r = in.read(sink)) >= 0; ) {
            left -= r;
        }
    }
}
