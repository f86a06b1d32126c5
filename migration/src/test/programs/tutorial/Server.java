package example.tutorial;

import java.rmi.Naming;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** The tutorial's server: exports a Hello, binds it and returns from main. */
public class Server implements Hello {

    private static Registry registry;

    public String sayHello() {
        return "Hello, world!";
    }

    public void shutdown() {
        stopLater(this, registry);
    }

    /** Unexports the objects once no call runs on them (this one included); the JVM then ends by itself. */
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
        Server obj = new Server();
        Hello stub = (Hello) UnicastRemoteObject.exportObject(obj, 0);
        Naming.rebind("//127.0.0.1:" + port + "/Hello", stub);
        System.out.println("ready");
    }
}
