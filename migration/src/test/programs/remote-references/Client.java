package example.remote_references;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.util.List;
import java.util.Map;

/** Works with counters through stubs. */
public class Client {

    public static void main(String[] args) throws Exception {
        Factory factory = (Factory) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("factory");
        Counter a = factory.newCounter("a");
        Counter b = factory.newCounter("b");
        System.out.println("result is a Counter and a Remote: " + (a instanceof Counter && a instanceof Remote));
        System.out.println("result is the implementation class: " + (a instanceof CounterImpl));
        a.increment();
        a.increment();
        System.out.println("a incremented to: " + a.increment());
        System.out.println("sum after incrementing a list of a, b, a: " + factory.incrementAll(List.of(a, b, a)));
        System.out.println("the server got its own object as the implementation: " + factory.isImplementation(a));
        Counter back = factory.same(a);
        System.out.println("round trip equals the original stub: " + back.equals(a) + ", same hash code: "
                + (back.hashCode() == a.hashCode()));
        System.out.println("a equals b: " + a.equals(b));
        Map<String, Counter> all = factory.all();
        for (Map.Entry<String, Counter> e : all.entrySet()) {
            System.out.println("map entry " + e.getKey() + " -> " + e.getValue().name() + ", equals the stub made before: "
                    + e.getValue().equals(e.getKey().equals("a") ? a : b));
        }
        factory.shutdown();
    }
}
