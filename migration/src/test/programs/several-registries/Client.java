package example.several_registries;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.Arrays;

/** Asks each registry. */
public class Client {

    public static void main(String[] args) throws Exception {
        Named any = null;
        for (int i = 0; i < 3; i++) {
            Registry registry = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[i]));
            String[] names = registry.list();
            Arrays.sort(names);
            any = (Named) registry.lookup("where");
            System.out.println("registry " + (i + 1) + ": where -> " + any.name() + ", names " + Arrays.toString(names));
        }
        any.shutdown();
    }
}
