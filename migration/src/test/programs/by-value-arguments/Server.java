package example.by_value_arguments;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;

/** Works on the copies it gets. */
public class Server implements Mirror {

    private static Server impl;
    private static Registry registry;

    public Box modify(Box box) {
        box.value = 99;
        return box;
    }

    public boolean same(Box a, Box b) {
        return a == b;
    }

    public int cycleLength(Box start) {
        int n = 1;
        for (Box b = start.next; b != start && b != null && n < 100; b = b.next) {
            n++;
        }
        return n;
    }

    public boolean isRed(Color c) {
        return c == Color.RED;
    }

    public String note(Box box) {
        return String.valueOf(box.note);
    }

    public String describe(Box box) {
        return box == null ? "null" : "a box of " + box.value;
    }

    public List<Box> doubleAll(List<Box> boxes) {
        for (Box b : boxes) {
            b.value *= 2;
        }
        return boxes;
    }

    public int[] reversed(int[] values) {
        int[] r = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            r[i] = values[values.length - 1 - i];
        }
        return r;
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
        registry.rebind("mirror", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
