package org.karmi.core.internal;

import java.io.IOException;

import org.karmi.Karmi;
import org.karmi.RemoteRuntime;

/**
 * A node in a child JVM for the multi-process tests: built through the ServiceLoader factory
 * ({@code karmi.*} system properties), binds a {@link ServiceImpl} named by the first argument
 * as "service", prints {@code READY <port>}, and closes when its standard input ends.
 */
public final class ChildNodeMain {

    private ChildNodeMain() {
    }

    public static void main(String[] args) throws IOException {
        RemoteRuntime rt = Karmi.runtime();
        rt.registry().rebind("service", rt.export(new ServiceImpl(rt, args[0])));
        int port = rt.localUtids().stream().filter(u -> u.technology().equals("tcp")).mapToInt(TcpUtids::port)
                .findFirst().orElseThrow(() -> new IllegalStateException("no tcp technology: " + rt.localUtids()));
        System.out.println("READY " + port);
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for the parent to close our input (or to kill us)
        }
        ((KarmiNode) rt).close();
    }
}
