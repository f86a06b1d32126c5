package example.callback;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Publishes events to the listeners clients subscribe. */
public class Server extends UnicastRemoteObject implements Publisher {

    private static Registry registry;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();

    Server() throws RemoteException {
        super();
    }

    public void subscribe(Listener listener) {
        listeners.add(listener);
        System.out.println("subscribed, listeners: " + listeners.size());
    }

    public void publish(String event) throws RemoteException {
        for (Listener l : listeners) {
            l.onEvent(event);
        }
    }

    public void publishLater(String event) {
        new Thread(() -> {
            try {
                publish(event);
            } catch (RemoteException e) {
                System.out.println("publishing " + event + " failed: " + e.getClass().getName());
            }
        }).start();
    }

    public int unsubscribe(Listener listener) {
        System.out.println("listener found by equality: " + listeners.remove(listener));
        return listeners.size();
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
        registry.rebind("publisher", new Server());
        System.out.println("ready");
    }
}
