package example.remote_references;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The factory. */
public class Server implements Factory {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    private static Registry registry;
    private final Map<String, Counter> counters = new TreeMap<>();

    public synchronized Counter newCounter(String name) throws RemoteException {
        CounterImpl c = new CounterImpl(name);
        counters.put(name, c);
        return c;
    }

    public int incrementAll(List<Counter> list) throws RemoteException {
        int sum = 0;
        for (Counter c : list) {
            sum += c.increment();
        }
        return sum;
    }

    public boolean isImplementation(Counter counter) {
        return counter instanceof CounterImpl;
    }

    public Counter same(Counter counter) {
        return counter;
    }

    public synchronized Map<String, Counter> all() {
        return new TreeMap<>(counters);
    }

    public synchronized void shutdown() {
        List<Remote> all = new ArrayList<>(counters.values());
        all.add(this);
        all.add(registry);
        stopLater(all.toArray(new Remote[0]));
    }

    static void stopLater(Remote... objects) {
        Thread stopper = new Thread(() -> {
            try {
                for (Remote o : objects) {
                    while (!UnicastRemoteObject.unexportObject(o, false)) {
                        Thread.sleep(10);
                    }
                }
                System.out.println("stopped");
            } catch (Exception e) {
                System.out.println("stop failed: " + e);
            }
        });
        stopper.setDaemon(false); // else it inherits the daemon status of the thread running the remote call
        stopper.start();
    }

    public static void main(String[] args) throws Exception {
        registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        registry.rebind("factory", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
