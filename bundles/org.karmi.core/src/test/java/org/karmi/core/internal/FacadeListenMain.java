package org.karmi.core.internal;

import org.karmi.Karmi;
import org.karmi.Naming;

/**
 * A java.rmi-style client in a child JVM that later exports a callback: prints the UTIDs its
 * facade node listens on ({@code LISTENS [...]}) after a look-up of the URL given as the first
 * argument, and again after exporting an object, then returns from {@code main}.
 */
public final class FacadeListenMain {

    private FacadeListenMain() {
    }

    public static void main(String[] args) throws Exception {
        Probe probe = (Probe) Naming.lookup(args[0]);
        System.out.println("ANSWER " + probe.clientHost());
        System.out.println("LISTENS " + Karmi.runtime().localUtids());
        ProbeImpl callback = new ProbeImpl();
        System.out.println("EXPORTED LISTENS " + Karmi.runtime().localUtids().size());
        org.karmi.server.UnicastRemoteObject.unexportObject(callback, true);
        System.out.flush();
    }
}
