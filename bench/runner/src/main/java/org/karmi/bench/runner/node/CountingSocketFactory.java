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
 * connection set-up included, and of those the DGC's: a JRMP call whose object id is the DGC's
 * (object number 2, at byte 7 of the call message: {@code 0x50}, the serialization header
 * {@code AC ED 00 05}, a block-data header, then the {@code ObjID}) and the reply read after
 * it count as DGC traffic (two messages). It travels inside the stub, so the counters live in
 * the client's JVM. Thread-safe.
 */
public final class CountingSocketFactory implements RMIClientSocketFactory, Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private static final AtomicLong SENT = new AtomicLong();
    private static final AtomicLong RECEIVED = new AtomicLong();
    private static final AtomicLong ROUND_TRIPS = new AtomicLong();
    private static final AtomicLong DGC_MESSAGES = new AtomicLong();
    private static final AtomicLong DGC_BYTES = new AtomicLong();
    /** {@code java.rmi.server.ObjID.DGC_ID}: the object number of every JVM's DGC. */
    private static final long DGC_OBJECT_NUMBER = 2;

    /** The counters of this JVM so far. */
    public static RmiSystem.WireCounters counters() {
        return new RmiSystem.WireCounters(SENT.get(), RECEIVED.get(), ROUND_TRIPS.get(), "counting socket factory",
                null, DGC_MESSAGES.get(), DGC_BYTES.get());
    }

    /** Whether {@code buf[off..off+len)} begins a JRMP call to the DGC. */
    static boolean isDgcCall(byte[] buf, int off, int len) {
        if (len < 15 || !isCall(buf, off, len) || buf[off + 5] != 0x77) {
            return false;
        }
        long objNum = 0;
        for (int i = 0; i < 8; i++) {
            objNum = objNum << 8 | (buf[off + 7 + i] & 0xff);
        }
        return objNum == DGC_OBJECT_NUMBER;
    }

    /** Whether {@code buf[off..)} begins any JRMP call. */
    private static boolean isCall(byte[] buf, int off, int len) {
        return len >= 3 && buf[off] == 0x50 && buf[off + 1] == (byte) 0xAC && buf[off + 2] == (byte) 0xED;
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
        /** The call being written or answered on this socket is a DGC call. */
        private volatile boolean dgc;
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
            if (dgc) {
                DGC_BYTES.addAndGet(n);
            }
            if (lastWasWrite) {
                lastWasWrite = false;
                ROUND_TRIPS.incrementAndGet();
                if (dgc) {
                    DGC_MESSAGES.incrementAndGet(); // the reply
                }
            }
        }

        private void writing(byte[] buf, int off, int len) {
            if (isCall(buf, off, len)) {
                dgc = isDgcCall(buf, off, len);
                if (dgc) {
                    DGC_MESSAGES.incrementAndGet();
                }
            }
            if (dgc) {
                DGC_BYTES.addAndGet(len);
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
                        if (dgc) {
                            DGC_BYTES.incrementAndGet();
                        }
                        lastWasWrite = true;
                    }

                    @Override
                    public void write(byte[] buf, int off, int len) throws IOException {
                        out.write(buf, off, len);
                        SENT.addAndGet(len);
                        writing(buf, off, len);
                        lastWasWrite = true;
                    }
                };
            }
            return out;
        }
    }
}
