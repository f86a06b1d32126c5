package example.undeclared_serializable_types;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.time.LocalDate;
import java.util.List;

/** Stores an Order and reads it back. */
public class Client {

    public static void main(String[] args) throws Exception {
        Store store = (Store) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("store");
        store.put("date", LocalDate.of(2024, 2, 29));
        System.out.println("date stored as: " + store.classOf("date") + ", read back: " + store.get("date"));
        try {
            store.put("order", new Order("ada", List.of(new Order.Line("tea", 2), new Order.Line("cake", 1))));
            System.out.println("order stored as: " + store.classOf("order"));
            Order order = (Order) store.get("order");
            System.out.println("order read back: " + order.customer + ", lines: " + order.lines.size() + ", first: "
                    + order.lines.get(0).item + " x " + order.lines.get(0).quantity);
        } catch (RemoteException e) {
            System.out.println("storing an order failed: " + e.getClass().getName() + ", cause: " + e.getCause());
        }
        store.shutdown();
    }
}
