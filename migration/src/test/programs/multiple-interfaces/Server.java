package example.multiple_interfaces;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** A buffer that is also an Admin and a Local. */
public class Server implements Buffer, Admin, Local {

    private static Server impl;
    private static Registry registry;
    private final StringBuilder text = new StringBuilder();

    public synchronized String read() {
        return text.toString();
    }

    public synchronized int size() {
        return text.length();
    }

    public synchronized void write(String s) {
        text.append(s);
    }

    public synchronized void write(int n) {
        text.append('#').append(n);
    }

    public synchronized void write(String s, int times) {
        text.append(String.valueOf(s).repeat(times));
    }

    public synchronized void clear() {
        text.setLength(0);
    }

    public String secret() {
        return "local only";
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
        registry.rebind("buffer", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
