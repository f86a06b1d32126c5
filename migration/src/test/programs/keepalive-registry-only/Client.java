package example.keepalive_registry_only;

import java.rmi.registry.LocateRegistry;

/** Asks the registry for its names. */
public class Client {

    public static void main(String[] args) throws Exception {
        try {
            String[] names = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).list();
            System.out.println("the registry answers, names: " + names.length);
        } catch (java.rmi.ConnectException e) {
            System.out.println("the registry is gone: " + e.getClass().getName());
        }
    }
}
