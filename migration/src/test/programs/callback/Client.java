package example.callback;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Subscribes a listener of its own and watches the server call it. */
public class Client extends UnicastRemoteObject implements Listener {

    private final List<String> events = new ArrayList<>();
    private final CountDownLatch later = new CountDownLatch(1);

    Client() throws RemoteException {
        super();
    }

    public synchronized void onEvent(String event) {
        events.add(event);
        if (event.equals("later")) {
            later.countDown();
        }
    }

    synchronized List<String> events() {
        return new ArrayList<>(events);
    }

    public static void main(String[] args) throws Exception {
        Publisher publisher = (Publisher) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]))
                .lookup("publisher");
        Client listener = new Client();
        publisher.subscribe(listener);
        publisher.publish("first");
        publisher.publish("second");
        System.out.println("received during the calls: " + listener.events());
        publisher.publishLater("later");
        System.out.println("received from a server thread: " + listener.later.await(20, TimeUnit.SECONDS));
        System.out.println("left after unsubscribe: " + publisher.unsubscribe(listener));
        publisher.publish("unheard");
        System.out.println("received in all: " + listener.events());
        System.out.println("unexported the listener: " + UnicastRemoteObject.unexportObject(listener, true));
        publisher.shutdown();
    }
}
