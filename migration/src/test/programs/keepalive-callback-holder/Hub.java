package example.keepalive_callback_holder;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps callbacks and calls them. */
public class Hub implements HubApi {

    private static Hub impl;
    private static Registry registry;
    private final List<Callback> callbacks = new CopyOnWriteArrayList<>();

    public void register(Callback callback) {
        callbacks.add(callback);
    }

    public int broadcast(String message) throws RemoteException {
        for (Callback c : callbacks) {
            c.onMessage(message);
        }
        return callbacks.size();
    }

    public void stopAll() throws RemoteException {
        for (Callback c : callbacks) {
            c.stop();
        }
        callbacks.clear();
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
        registry.rebind("hub", UnicastRemoteObject.exportObject(impl = new Hub(), 0));
        System.out.println("ready");
    }
}
