package example.keepalive_registry_only;

import java.rmi.registry.LocateRegistry;

/** Creates a registry and returns. */
public class Server {

    public static void main(String[] args) throws Exception {
        LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        System.out.println("ready");
    }
}
