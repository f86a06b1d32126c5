package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import javax.net.ssl.SSLSocket;

/**
 * A TCP connection of a TLS-configured endpoint: the plain socket, whose streams become the
 * TLS streams of an {@link SSLSocket} layered over it, or stay plaintext (after the bytes
 * already read to tell which), once {@link TlsSockets} has opened it; everything else is the
 * plain socket's. It lets the links keep one {@code Socket} for their life while the choice and
 * the TLS handshake happen later, on the connection's own thread.
 *
 * <p>The TLS socket is layered without auto-close, so the JDK never closes the plain socket
 * itself: not after a failed handshake, before the peer could read the alert, nor at the
 * peer's end of stream, racing a read. {@link #close()} closes the plain socket only: that
 * unblocks any thread reading, writing or handshaking at once (the JDK's
 * {@code SSLSocket.close()} may wait for a handshake's lock). KaRMI's own CLOSE frame is the
 * orderly end, so no close_notify is sent; a peer's read of a TLS stream cut this way ends like
 * a plaintext one (end of stream). Thread-safe as a {@code Socket}: one reader and one writer
 * at a time; opening happens before either.
 */
final class TlsSocket extends Socket {

    /** The TCP connection underneath. */
    final Socket plain;
    private final In in = new In();
    private final Out out = new Out();
    private volatile SSLSocket tls;
    private volatile InputStream input;
    private volatile OutputStream output;

    TlsSocket(Socket plain) {
        this.plain = plain;
    }

    /** From now on the streams are the TLS ones of {@code s}, whose handshake is done. */
    void useTls(SSLSocket s) throws IOException {
        input = s.getInputStream();
        output = s.getOutputStream();
        tls = s;
    }

    /** From now on the streams are plaintext: first {@code consumed}, then the plain socket's. */
    void usePlaintext(InputStream consumed) throws IOException {
        input = new java.io.SequenceInputStream(consumed, plain.getInputStream());
        output = plain.getOutputStream();
    }

    /** The TLS socket once TLS is in use, else {@code null}. */
    SSLSocket tls() {
        return tls;
    }

    @Override public InputStream getInputStream() { return in; }
    @Override public OutputStream getOutputStream() { return out; }

    @Override
    public void close() throws IOException {
        plain.close();
    }

    @Override public void connect(SocketAddress endpoint) throws IOException { plain.connect(endpoint); }
    @Override public void connect(SocketAddress endpoint, int timeout) throws IOException { plain.connect(endpoint, timeout); }
    @Override public void bind(SocketAddress bindpoint) throws IOException { plain.bind(bindpoint); }
    @Override public InetAddress getInetAddress() { return plain.getInetAddress(); }
    @Override public InetAddress getLocalAddress() { return plain.getLocalAddress(); }
    @Override public int getPort() { return plain.getPort(); }
    @Override public int getLocalPort() { return plain.getLocalPort(); }
    @Override public SocketAddress getRemoteSocketAddress() { return plain.getRemoteSocketAddress(); }
    @Override public SocketAddress getLocalSocketAddress() { return plain.getLocalSocketAddress(); }
    @Override public java.nio.channels.SocketChannel getChannel() { return null; }
    @Override public void setTcpNoDelay(boolean on) throws SocketException { plain.setTcpNoDelay(on); }
    @Override public boolean getTcpNoDelay() throws SocketException { return plain.getTcpNoDelay(); }
    @Override public void setKeepAlive(boolean on) throws SocketException { plain.setKeepAlive(on); }
    @Override public boolean getKeepAlive() throws SocketException { return plain.getKeepAlive(); }
    @Override public void setSoLinger(boolean on, int linger) throws SocketException { plain.setSoLinger(on, linger); }
    @Override public int getSoLinger() throws SocketException { return plain.getSoLinger(); }
    @Override public void setSoTimeout(int timeout) throws SocketException { plain.setSoTimeout(timeout); }
    @Override public int getSoTimeout() throws SocketException { return plain.getSoTimeout(); }
    @Override public void setSendBufferSize(int size) throws SocketException { plain.setSendBufferSize(size); }
    @Override public int getSendBufferSize() throws SocketException { return plain.getSendBufferSize(); }
    @Override public void setReceiveBufferSize(int size) throws SocketException { plain.setReceiveBufferSize(size); }
    @Override public int getReceiveBufferSize() throws SocketException { return plain.getReceiveBufferSize(); }
    @Override public void shutdownInput() throws IOException { plain.shutdownInput(); }
    @Override public void shutdownOutput() throws IOException { plain.shutdownOutput(); }
    @Override public boolean isConnected() { return plain.isConnected(); }
    @Override public boolean isBound() { return plain.isBound(); }
    @Override public boolean isClosed() { return plain.isClosed(); }
    @Override public boolean isInputShutdown() { return plain.isInputShutdown(); }
    @Override public boolean isOutputShutdown() { return plain.isOutputShutdown(); }

    @Override
    public String toString() {
        return (tls != null ? "TLS " : input != null ? "plaintext " : "unopened ") + plain;
    }

    private InputStream input() throws IOException {
        InputStream s = input;
        if (s == null) {
            throw new IOException("tcp connection " + plain.getRemoteSocketAddress()
                    + " read before TLS or plaintext was chosen");
        }
        return s;
    }

    private OutputStream output() throws IOException {
        OutputStream s = output;
        if (s == null) {
            throw new IOException("tcp connection " + plain.getRemoteSocketAddress()
                    + " written before TLS or plaintext was chosen");
        }
        return s;
    }

    /** The chosen input; {@code available()} also counts TLS records not yet decrypted. */
    private final class In extends InputStream {
        @Override
        public int read() throws IOException {
            return input().read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return input().read(b, off, len);
        }

        /**
         * Decrypted bytes, or else whether encrypted bytes wait in the plain socket: a pooled
         * connection's stale check and a reader's polling ask "has anything arrived", and a TLS
         * stream alone answers 0 until a read decrypts the record.
         */
        @Override
        public int available() throws IOException {
            int n = input().available();
            return n > 0 || tls == null ? n : plain.getInputStream().available();
        }

        @Override
        public void close() throws IOException {
            TlsSocket.this.close();
        }
    }

    /** The chosen output. */
    private final class Out extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            output().write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            output().write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            output().flush();
        }

        @Override
        public void close() throws IOException {
            TlsSocket.this.close();
        }
    }
}
