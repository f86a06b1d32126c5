package example.connect_refused;

import java.rmi.Naming;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/** Talks to a port where nobody listens. */
public class Client {

    interface Call {
        Object run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String url = "//127.0.0.1:" + port + "/";
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
        System.out.println("getRegistry: returned a Registry: " + (registry != null));
        call("Registry.lookup", () -> registry.lookup("x"));
        call("Registry.list", registry::list);
        call("Registry.rebind", () -> {
            registry.rebind("x", registry);
            return null;
        });
        call("Naming.lookup", () -> Naming.lookup(url + "x"));
        call("Naming.list", () -> Naming.list(url));
        call("Naming.lookup of the registry itself", () -> Naming.lookup(url));
    }

    static void call(String name, Call call) {
        try {
            Object r = call.run();
            System.out.println(name + ": returned " + (r == null ? "null" : r instanceof Registry ? "a Registry" : "an object"));
        } catch (Exception e) {
            System.out.println(name + ": " + e.getClass().getName() + ", cause: "
                    + (e.getCause() == null ? "none" : e.getCause().getClass().getName()));
        }
    }
}
