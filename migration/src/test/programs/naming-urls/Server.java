package example.naming_urls;

import java.rmi.Naming;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Binds through three URL forms. */
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
        int port = Integer.parseInt(args[0]);
        registry = LocateRegistry.createRegistry(port);
        ALL[0] = new Server("one");
        ALL[1] = new Server("two");
        ALL[2] = new Server("three");
        Naming.rebind("//127.0.0.1:" + port + "/one", ALL[0]);
        Naming.rebind("rmi://127.0.0.1:" + port + "/two", ALL[1]);
        Naming.rebind("//localhost:" + port + "/three", ALL[2]);
        System.out.println("ready");
    }
}
