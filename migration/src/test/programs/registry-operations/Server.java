package example.registry_operations;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Binds three objects. */
public class Server extends UnicastRemoteObject implements Named {

    private static Registry registry;
    private static final Server[] ALL = new Server[3];
    private final String name;

    Server(String name) throws RemoteException {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public void shutdown() {
        stopLater(ALL[0], ALL[1], ALL[2], registry);
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
        String[] names = {"alpha", "beta", "gamma"};
        for (int i = 0; i < names.length; i++) {
            ALL[i] = new Server(names[i]);
            registry.bind(names[i], ALL[i]);
        }
        System.out.println("ready");
    }
}
