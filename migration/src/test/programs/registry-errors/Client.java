package example.registry_errors;

import java.rmi.Naming;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/** Asks the registry for what it cannot do. */
public class Client {

    interface Call {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String url = "//127.0.0.1:" + port + "/";
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port);
        Service taken = (Service) registry.lookup("taken");
        call("Registry.lookup(missing)", () -> registry.lookup("missing"));
        call("Naming.lookup(missing)", () -> Naming.lookup(url + "missing"));
        call("Registry.unbind(missing)", () -> registry.unbind("missing"));
        call("Naming.unbind(missing)", () -> Naming.unbind(url + "missing"));
        call("Registry.bind(taken)", () -> registry.bind("taken", taken));
        call("Naming.bind(taken)", () -> Naming.bind(url + "taken", taken));
        call("Registry.bind(other)", () -> registry.bind("other", taken));
        call("Registry.bind(other) again", () -> registry.bind("other", taken));
        call("Registry.unbind(other)", () -> registry.unbind("other"));
        call("Registry.lookup(other)", () -> registry.lookup("other"));
        taken.shutdown();
    }

    static void call(String name, Call call) {
        try {
            call.run();
            System.out.println(name + ": ok");
        } catch (Exception e) {
            System.out.println(name + ": " + e.getClass().getName() + ": " + e.getMessage());
        }
    }
}
