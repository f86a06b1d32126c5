package org.karmi.tech.tcp.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A tiny TCP forwarder on loopback for wire-capture tests: every connection it accepts is
 * relayed to the target, and every byte of both directions is recorded. Thread-safe; one
 * thread per direction per connection, all ended by {@link #close()}.
 */
final class TlsRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    TlsRelay(InetSocketAddress target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 16, InetAddress.getByName("127.0.0.1"));
        start(new Thread(this::acceptLoop, "tls-relay-accept"));
    }

    int port() {
        return listener.getLocalPort();
    }

    /** Every byte relayed so far, both directions, in arrival order per chunk. */
    byte[] captured() {
        synchronized (captured) {
            return captured.toByteArray();
        }
    }

    private void start(Thread t) {
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket in = listener.accept();
                sockets.add(in);
                Socket out = new Socket();
                sockets.add(out);
                out.connect(target, 5000);
                start(new Thread(() -> pump(in, out), "tls-relay-up"));
                start(new Thread(() -> pump(out, in), "tls-relay-down"));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void pump(Socket from, Socket to) {
        byte[] b = new byte[8192];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(b)) >= 0; ) {
                synchronized (captured) {
                    captured.write(b, 0, n);
                }
                out.write(b, 0, n);
            }
            to.shutdownOutput();
        } catch (IOException e) {
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public void close() throws InterruptedException {
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        sockets.forEach(TlsRelay::closeQuietly);
        for (Thread t : threads) {
            t.join(5000);
        }
    }
}
