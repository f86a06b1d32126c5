package example.naming_urls;

import java.rmi.Naming;
import java.rmi.Remote;
import java.rmi.registry.Registry;
import java.util.Arrays;

/** Looks up through every URL form with a host and a port. */
public class Client {

    static int port;

    public static void main(String[] args) throws Exception {
        port = Integer.parseInt(args[0]);
        String p = Integer.toString(port);
        for (String url : new String[] {"//127.0.0.1:P/one", "rmi://127.0.0.1:P/two", "//localhost:P/three",
                "rmi://localhost:P/one", "//127.0.0.1:P/two", "rmi://127.0.0.1:P/", "//127.0.0.1:P/",
                "//127.0.0.1:P", "rmi://127.0.0.1:P", "rmi://127.0.0.1:P/missing", "rmi://127.0.0.1:P/a/b",
                "http://127.0.0.1:P/one", "rmi://127.0.0.1:P/one#part", "rmi://127.0.0.1:P/one?x=1",
                "rmi://127.0.0.1:port/one", "rmi:one"}) {
            lookup(url.replace("P", p));
        }
        String[] list = Naming.list("rmi://127.0.0.1:" + p + "/");
        Arrays.sort(list);
        for (String url : list) {
            System.out.println("Naming.list: " + url.replace(":" + p + "/", ":PORT/"));
        }
        ((Named) Naming.lookup("//127.0.0.1:" + p + "/one")).shutdown();
    }

    static void lookup(String url) {
        String shown = url.replace(":" + port, ":PORT");
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
            System.out.println(shown + " -> " + e.getClass().getName()
                    + (e instanceof java.rmi.NotBoundException ? ": " + e.getMessage() : ""));
        }
    }
}
