package example.naming_default_port;

import java.rmi.Naming;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.Arrays;

/** Looks up through every URL form that leaves out the host or the port. */
public class Client {

    public static void main(String[] args) throws Exception {
        for (String url : new String[] {"svc", "/svc", "rmi:///svc", "//localhost/svc", "rmi://localhost/svc",
                "//127.0.0.1/svc", "rmi://127.0.0.1/slash", "slash", "scheme", "//:" + Registry.REGISTRY_PORT + "/svc",
                "rmi:///", "//localhost/", "rmi://localhost"}) {
            lookup(url);
        }
        String[] names = LocateRegistry.getRegistry().list();
        Arrays.sort(names);
        System.out.println("getRegistry().list(): " + Arrays.toString(names));
        System.out.println("getRegistry(\"127.0.0.1\").lookup(svc): "
                + ((Named) LocateRegistry.getRegistry("127.0.0.1").lookup("svc")).name());
        String[] urls = Naming.list("rmi:///");
        Arrays.sort(urls);
        for (String url : urls) {
            System.out.println("Naming.list(rmi:///): " + url.replace(Integer.toString(Registry.REGISTRY_PORT), "DEFAULT"));
        }
        ((Named) Naming.lookup("svc")).shutdown();
    }

    static void lookup(String url) {
        String shown = url.replace(Integer.toString(Registry.REGISTRY_PORT), "DEFAULT");
        try {
            Remote r = Naming.lookup(url);
            if (r instanceof Registry) {
                String[] names = ((Registry) r).list();
                Arrays.sort(names);
                System.out.println(shown + " -> the registry, listing " + Arrays.toString(names));
            } else {
                System.out.println(shown + " -> " + ((Named) r).name());
            }
        } catch (Exception e) {
            System.out.println(shown + " -> " + e.getClass().getName());
        }
    }
}
