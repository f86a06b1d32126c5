package example.keepalive_callback_holder;

import java.rmi.registry.LocateRegistry;

/** Makes the hub call the listener, then stop everything. */
public class Driver {

    public static void main(String[] args) throws Exception {
        HubApi hub = (HubApi) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("hub");
        System.out.println("callbacks reached: " + hub.broadcast("hello after main returned"));
        hub.stopAll();
        hub.shutdown();
        System.out.println("done");
    }
}
