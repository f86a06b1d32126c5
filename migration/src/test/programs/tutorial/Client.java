package example.tutorial;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/** The tutorial's client: looks the server up and calls it. */
public class Client {

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]));
        Hello stub = (Hello) registry.lookup("Hello");
        System.out.println("response: " + stub.sayHello());
        stub.shutdown();
        System.out.println("asked the server to stop");
    }
}
