package example.export_on_port;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Exports on ports 1 and 2; the registry is on port 3. */
public class Server implements Control {

    private static Registry registry;
    private static Fixed fixed;
    private static Echo second;
    private static Echo third;
    private static Server impl;
    private static int port1;
    private static int port2;

    public String unexportFixed() throws RemoteException {
        boolean done = UnicastRemoteObject.unexportObject(fixed, true);
        boolean closed = false;
        for (long end = System.nanoTime() + 10_000_000_000L; !closed && System.nanoTime() < end; ) {
            closed = !accepts(port1); // java.rmi may close the socket a little after unexportObject returns
            if (!closed) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    break;
                }
            }
        }
        return "unexported: " + done + ", port 1 closed within 10 s: " + closed + ", port 2 accepts: " + accepts(port2);
    }

    public void shutdown() {
        stopLater(second, third, this, registry);
    }

    static boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            return true;
        } catch (IOException e) {
            return false;
        }
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
        port1 = Integer.parseInt(args[0]);
        port2 = Integer.parseInt(args[1]);
        System.out.println("before exporting: port 1 accepts: " + accepts(port1) + ", port 2 accepts: " + accepts(port2));
        fixed = new Fixed(port1);
        System.out.println("after new Fixed(port1): port 1 accepts: " + accepts(port1));
        second = s -> "second: " + s;
        third = s -> "third: " + s;
        UnicastRemoteObject.exportObject(second, port2);
        UnicastRemoteObject.exportObject(third, port2);
        System.out.println("after exportObject(obj, port2) twice: port 2 accepts: " + accepts(port2));
        registry = LocateRegistry.createRegistry(Integer.parseInt(args[2]));
        registry.rebind("fixed", fixed);
        registry.rebind("second", second);
        registry.rebind("third", third);
        registry.rebind("control", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
