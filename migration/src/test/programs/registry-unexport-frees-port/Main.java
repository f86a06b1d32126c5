package example.registry_unexport_frees_port;

import java.io.IOException;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Creates, unexports and re-creates a registry on one port. */
public class Main {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Thing thing = () -> 7;
        Thing stub = (Thing) UnicastRemoteObject.exportObject(thing, 0);
        for (int round = 1; round <= 2; round++) {
            Registry registry = LocateRegistry.createRegistry(port);
            registry.rebind("thing", stub);
            Registry remote = LocateRegistry.getRegistry("127.0.0.1", port);
            System.out.println("round " + round + ": lookup through the port: " + ((Thing) remote.lookup("thing")).id());
            System.out.println("round " + round + ": unexportObject(registry, true): "
                    + UnicastRemoteObject.unexportObject(registry, true));
            System.out.println("round " + round + ": a ServerSocket can take the port within 10 s: " + canListen(port));
            try {
                remote.lookup("thing");
                System.out.println("round " + round + ": lookup after unexport: ok");
            } catch (Exception e) {
                // NoSuchObjectException over a pooled connection, ConnectException over a new one: both say "gone"
                System.out.println("round " + round + ": lookup after unexport fails with a RemoteException: "
                        + (e instanceof java.rmi.RemoteException));
            }
        }
        System.out.println("the object still answers: " + stub.id());
        System.out.println("unexportObject(thing, true): " + UnicastRemoteObject.unexportObject(thing, true));
        System.out.println("main returns");
    }

    /** Whether a ServerSocket can listen on the port within 10 s (java.rmi may close its socket a little later). */
    static boolean canListen(int port) throws InterruptedException {
        for (long end = System.nanoTime() + 10_000_000_000L; System.nanoTime() < end; Thread.sleep(50)) {
            try (ServerSocket s = new ServerSocket(port)) {
                return true;
            } catch (IOException e) {
                // not yet
            }
        }
        return false;
    }
}
