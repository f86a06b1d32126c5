package example.registry_port_in_use;

import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Creates registries and exports on ports already taken. */
public class Main {

    interface Call {
        Object run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int port1 = Integer.parseInt(args[0]);
        int port2 = Integer.parseInt(args[1]);
        int port3 = Integer.parseInt(args[2]);
        Registry registry = LocateRegistry.createRegistry(port1);
        System.out.println("first createRegistry(port1): ok");
        try {
            LocateRegistry.createRegistry(port1);
            System.out.println("second createRegistry(port1): ok");
        } catch (java.rmi.RemoteException e) {
            System.out.println("second createRegistry(port1): " + e.getClass().getName());
        }
        try (ServerSocket taken2 = new ServerSocket(port2); ServerSocket taken3 = new ServerSocket(port3)) {
            call("createRegistry on a port a ServerSocket holds", () -> LocateRegistry.createRegistry(port2));
            Thing thing = () -> 7;
            call("exportObject on a port a ServerSocket holds", () -> UnicastRemoteObject.exportObject(thing, port3));
            call("unexportObject of that object", () -> UnicastRemoteObject.unexportObject(thing, true));
        }
        System.out.println("the registry still answers: " + LocateRegistry.getRegistry("127.0.0.1", port1).list().length);
        System.out.println("unexportObject(registry, true): " + UnicastRemoteObject.unexportObject(registry, true));
        System.out.println("main returns");
    }

    static void call(String name, Call call) {
        try {
            Object r = call.run();
            System.out.println(name + ": returned " + (r instanceof Boolean ? r : r == null ? "null" : "an object"));
        } catch (Exception e) {
            System.out.println(name + ": " + e.getClass().getName() + ", cause: "
                    + (e.getCause() == null ? "none" : e.getCause().getClass().getName()));
        }
    }
}
