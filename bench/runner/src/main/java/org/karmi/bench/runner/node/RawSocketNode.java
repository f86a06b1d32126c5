package org.karmi.bench.runner.node;

import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * The floor: a raw Java socket ping-pong over loopback with blocking sockets and TCP_NODELAY,
 * 1-byte messages (and n-byte messages for the bandwidth floor). Role 0 echoes, role 1 is
 * driven by the runner: {@code rawping iterations} and {@code rawsend bytes iterations}.
 */
final class RawSocketNode {

    private RawSocketNode() {
    }

    static void main(int role, int port, PrintStream replies) throws IOException {
        if (role == 0) {
            serve(port, replies);
        } else {
            client(replies);
        }
    }

    private static void serve(int port, PrintStream replies) throws IOException {
        try (ServerSocket server = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
            replies.println(NodeMain.OK + " raw socket echo on 127.0.0.1:" + port);
            Thread stdin = new Thread(() -> {
                try {
                    while (System.in.read() >= 0) {
                        // until the runner closes our input
                    }
                } catch (IOException e) {
                    // runner gone
                }
                try {
                    server.close();
                } catch (IOException e) {
                    // closing anyway
                }
            }, "stdin-watch");
            stdin.setDaemon(true);
            stdin.start();
            while (true) {
                Socket s;
                try {
                    s = server.accept();
                } catch (IOException e) {
                    return; // closed
                }
                Thread t = new Thread(() -> echo(s), "echo");
                t.setDaemon(true);
                t.start();
            }
        }
    }

    /** 0: reply one byte; 1: read an int length and that many bytes, reply one byte. */
    private static void echo(Socket s) {
        try (s) {
            s.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(s.getInputStream());
            var out = s.getOutputStream();
            byte[] buf = new byte[1 << 16];
            while (true) {
                int kind = in.read();
                if (kind < 0) {
                    return;
                }
                if (kind == 1) {
                    int n = in.readInt();
                    while (n > 0) {
                        int r = in.read(buf, 0, Math.min(n, buf.length));
                        if (r < 0) {
                            return;
                        }
                        n -= r;
                    }
                }
                out.write(0);
            }
        } catch (IOException e) {
            // peer gone
        }
    }

    private static void client(PrintStream replies) throws IOException {
        replies.println(NodeMain.OK + " raw socket client");
        BufferedReader cmds = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Socket s = null;
        String line;
        while ((line = cmds.readLine()) != null) {
            String[] cmd = line.split("\t");
            try {
                switch (cmd[0]) {
                    case "connect" -> {
                        s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(cmd[1]));
                        s.setTcpNoDelay(true);
                        replies.println(NodeMain.OK + " connected");
                    }
                    case "rawping" -> replies.println(NodeMain.OK + " " + NodeMain.join(ping(s, 0, Integer.parseInt(cmd[1]))));
                    case "rawsend" -> replies.println(NodeMain.OK + " "
                            + NodeMain.join(ping(s, Integer.parseInt(cmd[1]), Integer.parseInt(cmd[2]))));
                    case "quit" -> {
                        if (s != null) {
                            s.close();
                        }
                        replies.println(NodeMain.OK + " bye");
                        return;
                    }
                    default -> replies.println(NodeMain.ERR + " unknown command " + cmd[0]);
                }
            } catch (IOException | RuntimeException e) {
                replies.println(NodeMain.ERR + " " + NodeMain.oneLine(e));
            }
        }
    }

    /** Round trips of a 1-byte message ({@code bytes == 0}) or of {@code bytes} bytes with a 1-byte reply. */
    private static long[] ping(Socket s, int bytes, int iterations) throws IOException {
        DataOutputStream out = new DataOutputStream(new java.io.BufferedOutputStream(s.getOutputStream(), 1 << 16));
        var in = s.getInputStream();
        byte[] payload = new byte[bytes];
        long[] ns = new long[iterations];
        for (int i = 0; i < iterations; i++) {
            long t0 = System.nanoTime();
            if (bytes == 0) {
                out.write(0);
            } else {
                out.write(1);
                out.writeInt(bytes);
                out.write(payload);
            }
            out.flush();
            if (in.read() < 0) {
                throw new IOException("echo server closed the connection");
            }
            ns[i] = System.nanoTime() - t0;
        }
        return ns;
    }
}
