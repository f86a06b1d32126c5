package example.export_during_calls;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Makes an exported item per call. */
public class Server implements Factory {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    private static Registry registry;
    private final Map<Integer, Item> items = new ConcurrentHashMap<>();

    public Item create(int value) throws RemoteException {
        Item item = () -> value;
        Item stub = (Item) UnicastRemoteObject.exportObject(item, 0);
        items.put(value, item);
        return stub;
    }

    public boolean drop(int value) throws NoSuchObjectException {
        return UnicastRemoteObject.unexportObject(items.remove(value), true);
    }

    public int live() {
        return items.size();
    }

    public void shutdown() {
        stopLater(this, registry);
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
