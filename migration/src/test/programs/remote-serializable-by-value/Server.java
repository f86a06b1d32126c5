package example.remote_serializable_by_value;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Tells what arrived. */
public class Server implements Inspector {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    private static Registry registry;

    public String inspect(Remote r) {
        return r instanceof Token ? "a Token copy labelled " + ((Token) r).label : "a stub";
    }

    public Remote echo(Remote r) {
        return r;
    }

    public String greetWith(Greeter g) throws RemoteException {
        return (g instanceof LocalGreeter ? "a copy: " : "a stub: ") + g.greet();
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
        System.setProperty("example.role", "server");
        registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        registry.rebind("inspector", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
