package example.marshal_errors;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;

/** Sends and asks for what cannot be serialized. */
public class Client {

    public static void main(String[] args) throws Exception {
        Sink sink = (Sink) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("sink");
        sink.take("a string");
        try {
            sink.take(new Holder(1));
            System.out.println("take(Holder): ok");
        } catch (RemoteException e) {
            System.out.println("take(Holder): " + e.getClass().getName() + ", cause: " + e.getCause());
        }
        System.out.println("calls that reached the server: " + sink.taken());
        try {
            Object o = sink.give();
            System.out.println("give(): returned " + o);
        } catch (RemoteException e) {
            boolean named = false;
            for (Throwable t = e; t != null; t = t.getCause()) {
                named |= t instanceof java.io.NotSerializableException;
            }
            System.out.println("give(): " + e.getClass().getName() + ", a NotSerializableException in its causes: " + named);
        }
        sink.take("another string");
        System.out.println("calls that reached the server: " + sink.taken());
        sink.shutdown();
    }
}
