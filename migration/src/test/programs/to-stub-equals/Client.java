package example.to_stub_equals;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/** Compares stubs. */
public class Client {

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]));
        Item a1 = (Item) registry.lookup("a");
        Item a2 = (Item) registry.lookup("a");
        Item b = (Item) registry.lookup("b");
        System.out.println("two lookups of a: equal: " + a1.equals(a2) + ", same hash code: "
                + (a1.hashCode() == a2.hashCode()));
        System.out.println("a equals b: " + a1.equals(b) + ", a equals null: " + a1.equals(null)
                + ", a equals a string: " + a1.equals("a"));
        System.out.println("the server compares a's stub: " + a1.compare(a1));
        System.out.println("the server compares b's stub: " + a1.compare(b));
        a1.shutdown();
    }
}
