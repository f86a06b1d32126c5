package example.exception_error;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Throws Errors. */
public class Server implements Checker {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    private static Registry registry;

    public void assertPositive(int n) {
        if (n <= 0) {
            throw new AssertionError("expected a positive number, got " + n);
        }
    }

    public void checkState() {
        throw new CorruptStateError("ledger checksum mismatch");
    }

    public int ping() {
        return 42;
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
        registry.rebind("checker", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
