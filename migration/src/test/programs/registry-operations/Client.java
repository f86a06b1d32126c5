package example.registry_operations;

import java.rmi.Naming;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.Arrays;

/** Changes the registry's bindings and lists them. */
public class Client {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
        list("at first", registry);
        Named beta = (Named) registry.lookup("beta");
        registry.bind("delta", beta);
        list("after bind(delta)", registry);
        System.out.println("delta is: " + ((Named) registry.lookup("delta")).name());
        registry.rebind("alpha", beta);
        System.out.println("alpha after rebind is: " + ((Named) registry.lookup("alpha")).name());
        registry.unbind("gamma");
        list("after unbind(gamma)", registry);
        Naming.rebind("//127.0.0.1:" + port + "/epsilon", beta);
        Naming.unbind("//127.0.0.1:" + port + "/delta");
        String[] urls = Naming.list("//127.0.0.1:" + port);
        Arrays.sort(urls);
        for (String url : urls) {
            System.out.println("Naming.list: " + url.replace(":" + port + "/", ":PORT/"));
        }
        System.out.println("epsilon is: " + ((Named) Naming.lookup("rmi://127.0.0.1:" + port + "/epsilon")).name());
        beta.shutdown();
    }

    static void list(String when, Registry registry) throws Exception {
        String[] names = registry.list();
        Arrays.sort(names);
        System.out.println("list " + when + ": " + Arrays.toString(names));
    }
}
