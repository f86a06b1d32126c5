package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.io.InputStream;

/**
 * Main of the second JVM in {@link RemoteProcessTest}: a tcp technology on an ephemeral port
 * with the {@link TestContext} handler. Prints {@code PORT n}, then {@code CALL-STARTED} when a
 * sleeping call begins; ends when its standard input closes.
 */
public final class RemoteEchoServer {

    private RemoteEchoServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        TestContext node = new TestContext(0xfa4L);
        TcpTechnology tcp = Tcp.started(node);
        System.out.println("PORT " + TcpAddress.decode(tcp.localUtid()).getPort());
        System.out.flush();
        Thread watcher = new Thread(() -> {
            try {
                node.callStarted.await();
                System.out.println("CALL-STARTED");
                System.out.flush();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        watcher.setDaemon(true);
        watcher.start();
        InputStream in = System.in;
        while (in.read() >= 0) {
            // wait for the parent to close our stdin
        }
        tcp.close();
        node.shutdown();
    }
}
