package example.export_on_port;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/** Calls the objects on their ports. */
public class Client {

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]));
        for (String name : new String[] {"fixed", "second", "third"}) {
            System.out.println(((Echo) registry.lookup(name)).echo("hi"));
        }
        Control control = (Control) registry.lookup("control");
        System.out.println(control.unexportFixed());
        control.shutdown();
    }
}
