package org.karmi.bench.runner.node;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.net.Socket;
import java.rmi.server.RMIClientSocketFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A java.rmi client socket factory that counts the bytes a client sends and receives and
 * its round trips (a read that follows a write on the same socket), DGC traffic and
 * connection set-up included. It travels inside the stub, so the counters live in the
 * client's JVM. Thread-safe.
 */
public final class CountingSocketFactory implements RMIClientSocketFactory, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private static final AtomicLong SENT = new AtomicLong();
    private static final AtomicLong RECEIVED = new AtomicLong();
    private static final AtomicLong ROUND_TRIPS = new AtomicLong();

    /** The counters of this JVM so far. */
    public static RmiSystem.WireCounters counters() {
        return new RmiSystem.WireCounters(SENT.get(), RECEIVED.get(), ROUND_TRIPS.get(), "counting socket factory");
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new CountingSocket(host, port);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CountingSocketFactory;
    }

    @Override
    public int hashCode() {
        return CountingSocketFactory.class.hashCode();
    }

    private static final class CountingSocket extends Socket {
        private volatile boolean lastWasWrite;
        private InputStream in;
        private OutputStream out;

        CountingSocket(String host, int port) throws IOException {
            super(host, port);
            setTcpNoDelay(true);
        }

        @Override
        public synchronized InputStream getInputStream() throws IOException {
            if (in == null) {
                in = new FilterInputStream(super.getInputStream()) {
                    @Override
                    public int read() throws IOException {
                        int b = super.read();
                        if (b >= 0) {
                            counted(1);
                        }
                        return b;
                    }

                    @Override
                    public int read(byte[] buf, int off, int len) throws IOException {
                        int n = super.read(buf, off, len);
                        if (n > 0) {
                            counted(n);
                        }
                        return n;
                    }
                };
            }
            return in;
        }

        private void counted(int n) {
            RECEIVED.addAndGet(n);
            if (lastWasWrite) {
                lastWasWrite = false;
                ROUND_TRIPS.incrementAndGet();
            }
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new FilterOutputStream(super.getOutputStream()) {
                    @Override
                    public void write(int b) throws IOException {
                        out.write(b);
                        SENT.incrementAndGet();
                        lastWasWrite = true;
                    }

                    @Override
                    public void write(byte[] buf, int off, int len) throws IOException {
                        out.write(buf, off, len);
                        SENT.addAndGet(len);
                        lastWasWrite = true;
                    }
                };
            }
            return out;
        }
    }
}
