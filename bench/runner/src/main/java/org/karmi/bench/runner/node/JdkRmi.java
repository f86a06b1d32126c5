package org.karmi.bench.runner.node;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;

/** Configuration (1): the JDK's {@code java.rmi} with JDK serialization. */
public final class JdkRmi implements RmiSystem {

    private Registry registry;
    private final List<Remote> exported = new ArrayList<>();

    @Override
    public String start(int port) throws Exception {
        System.setProperty("java.rmi.server.hostname", "127.0.0.1");
        registry = LocateRegistry.createRegistry(port);
        return "java.rmi registry on 127.0.0.1:" + port;
    }

    @Override
    public Remote export(Remote impl) throws Exception {
        Remote stub = UnicastRemoteObject.exportObject(impl, 0);
        exported.add(impl);
        return stub;
    }

    @Override
    public Remote exportCounted(Remote impl) throws Exception {
        Remote stub = UnicastRemoteObject.exportObject(impl, 0, new CountingSocketFactory(), null);
        exported.add(impl);
        return stub;
    }

    @Override
    public void bind(String name, Remote stub) throws Exception {
        registry.rebind(name, stub);
    }

    @Override
    public Remote lookup(int port, String name) throws Exception {
        return LocateRegistry.getRegistry("127.0.0.1", port).lookup(name);
    }

    @Override
    public WireCounters wire() {
        return CountingSocketFactory.counters();
    }

    @Override
    public void close() {
        for (Remote r : exported) {
            try {
                UnicastRemoteObject.unexportObject(r, true);
            } catch (NoSuchObjectException e) {
                // already gone
            }
        }
        if (registry != null) {
            try {
                UnicastRemoteObject.unexportObject(registry, true);
            } catch (NoSuchObjectException e) {
                // already gone
            }
        }
    }
}
