package org.karmi.core.internal;

import org.karmi.Naming;

/**
 * A java.rmi-style pure client in a child JVM: looks up the URL given as the first argument
 * with {@link Naming}, asks the {@link Probe} for the client host, prints {@code ANSWER <host>}
 * and returns from {@code main}; the JVM must then exit by itself.
 */
public final class FacadeClientMain {

    private FacadeClientMain() {
    }

    public static void main(String[] args) throws Exception {
        Probe probe = (Probe) Naming.lookup(args[0]);
        System.out.println("ANSWER " + probe.clientHost());
        System.out.flush();
    }
}
