package example.naming_default_port;

import java.rmi.Naming;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** A registry on the default port, bound to by plain names. */
public class Server extends UnicastRemoteObject implements Named {

    private static Registry registry;
    private final String name;

    Server(String name) throws RemoteException {
        this.name = name;
    }

    public String name() {
        return name;
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
        registry = LocateRegistry.createRegistry(Registry.REGISTRY_PORT);
        Server svc = new Server("svc");
        Naming.rebind("svc", svc);
        Naming.rebind("/slash", svc);
        Naming.rebind("rmi:///scheme", svc);
        System.out.println("ready");
    }
}
