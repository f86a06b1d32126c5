package org.karmi.itests;

import java.rmi.Remote;

import org.karmi.Karmi;
import org.karmi.RemoteRuntime;
import org.karmi.spi.transport.Utid;

/**
 * A plain-Java KaRMI node with TCP only, run as a child JVM by {@link TechnologySwapIT}:
 * binds an echo object as {@code echo} in its registry, prints {@code READY <port>}, and lives
 * until its standard input closes (so it dies with its parent).
 */
public final class SwapChildNode {

    private SwapChildNode() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("karmi.tcp.port", "0");
        System.setProperty("karmi.technologies", "tcp");
        RemoteRuntime runtime = Karmi.runtime();
        SwapEcho impl = s -> "child:" + s;
        Remote stub = runtime.export(impl);
        runtime.registry().rebind("echo", stub);
        for (Utid u : runtime.localUtids()) {
            if (u.technology().equals("tcp")) {
                byte[] a = u.address();
                System.out.println("READY " + ((a[a.length - 2] & 0xff) | (a[a.length - 1] & 0xff) << 8));
                System.out.flush();
            }
        }
        while (System.in.read() >= 0) {
            // wait for the parent to close our stdin
        }
    }
}
