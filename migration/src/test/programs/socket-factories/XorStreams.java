package example.socket_factories;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;

/** Sockets whose bytes are XORed with a pattern on the wire. */
final class XorStreams {

    private XorStreams() {
    }

    static final class XorInputStream extends FilterInputStream {
        private final int pattern;

        XorInputStream(InputStream in, int pattern) {
            super(in);
            this.pattern = pattern;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            return b < 0 ? b : (b ^ pattern) & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            for (int i = off; i < off + n; i++) {
                b[i] ^= (byte) pattern;
            }
            return n;
        }
    }

    static final class XorOutputStream extends FilterOutputStream {
        private final int pattern;

        XorOutputStream(OutputStream out, int pattern) {
            super(out);
            this.pattern = pattern;
        }

        @Override
        public void write(int b) throws IOException {
            out.write((b ^ pattern) & 0xff);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            byte[] x = new byte[len];
            for (int i = 0; i < len; i++) {
                x[i] = (byte) (b[off + i] ^ pattern);
            }
            out.write(x);
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
                in = new XorInputStream(super.getInputStream(), pattern);
            }
            return in;
        }

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (out == null) {
                out = new XorOutputStream(super.getOutputStream(), pattern);
            }
            return out;
        }
    }

    static final class XorServerSocket extends ServerSocket {
        private final int pattern;

        XorServerSocket(int port, int pattern) throws IOException {
            super(port);
            this.pattern = pattern;
        }

        @Override
        public Socket accept() throws IOException {
            Socket s = new XorSocket(pattern);
            implAccept(s);
            return s;
        }
    }
}
