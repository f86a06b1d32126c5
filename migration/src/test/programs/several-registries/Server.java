package example.several_registries;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;

/** Three registries, three objects. */
public class Server extends UnicastRemoteObject implements Named {

    private static final List<Remote> EXPORTED = new ArrayList<>();
    private final String name;

    Server(String name) throws RemoteException {
        this.name = name;
    }

    public String name() {
        return name;
    }

    public void shutdown() {
        stopLater(EXPORTED.toArray(new Remote[0]));
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
        String[] names = {"first", "second", "third"};
        for (int i = 0; i < 3; i++) {
            Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[i]));
            Server server = new Server(names[i]);
            registry.rebind("where", server);
            registry.rebind("only-in-" + names[i], server);
            EXPORTED.add(server);
            EXPORTED.add(registry);
        }
        System.out.println("ready");
    }
}
