package org.karmi.core.internal;

import org.karmi.registry.LocateRegistry;
import org.karmi.registry.Registry;
import org.karmi.server.UnicastRemoteObject;

/**
 * A java.rmi-style server in a child JVM, using the static facade only: creates a registry on
 * the port given as the first argument, binds a {@link ProbeImpl} as "probe", prints
 * {@code READY}, and returns from {@code main} (printing {@code MAIN RETURNS} first). A daemon
 * thread prints {@code UNEXPORTING} when standard input ends and unexports the registry and
 * then the probe: from then on nothing keeps the JVM alive, so it may end before it prints
 * {@code UNEXPORTED} (as a java.rmi JVM would).
 */
public final class FacadeServerMain {

    private FacadeServerMain() {
    }

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        ProbeImpl probe = new ProbeImpl();
        registry.rebind("probe", probe);
        Thread watcher = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // until the parent closes our input
                }
                System.out.println("UNEXPORTING");
                System.out.flush();
                UnicastRemoteObject.unexportObject(registry, true);
                UnicastRemoteObject.unexportObject(probe, true);
                System.out.println("UNEXPORTED");
                System.out.flush();
            } catch (Exception e) {
                System.out.println("FAILED " + e);
                System.out.flush();
            }
        }, "stdin-watcher");
        watcher.setDaemon(true);
        watcher.start();
        System.out.println("READY");
        System.out.println("MAIN RETURNS");
        System.out.flush();
    }
}
