package org.karmi.migration;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Hands out TCP ports that nobody listens on, below the ephemeral range (so that no outgoing connection takes
 * one meanwhile) and never the same one twice in this JVM. Thread-safe.
 */
final class Ports {

    private static final int LOW = 20_000;
    private static final int HIGH = 32_000;
    private static final Set<Integer> HANDED_OUT = new HashSet<>();

    private Ports() {
    }

    /** A port free on the wildcard and the loopback address right now. */
    static synchronized int free() {
        for (int attempt = 0; attempt < 1000; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOW, HIGH);
            if (!HANDED_OUT.contains(port) && isFree(port)) {
                HANDED_OUT.add(port);
                return port;
            }
        }
        throw new IllegalStateException("no free port in " + LOW + ".." + HIGH);
    }

    /** Whether a server socket could listen on {@code port} on every address (so on loopback too) right now. */
    static boolean isFree(int port) {
        try (ServerSocket any = new ServerSocket()) {
            any.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
