package example.unreferenced;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/** Takes three counters and the bound one, drops one counter, and exits holding the rest. */
public class Client {

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]));
        Factory factory = (Factory) registry.lookup("factory");
        Counter bound = (Counter) registry.lookup("bound");
        Counter a = factory.make();
        Counter b = factory.make();
        Counter c = factory.make();
        System.out.println("counts: " + a.next() + " " + b.next() + " " + b.next() + " " + c.next() + " " + bound.next());
        a = null;
        System.gc();
        System.out.println("exits holding two counters: " + (b.next() + c.next()));
    }
}
