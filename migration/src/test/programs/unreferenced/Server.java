package example.unreferenced;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.rmi.server.Unreferenced;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/** Counts the Unreferenced calls of the counters it made, and of one it keeps bound. */
public class Server implements Factory {

    static final CountDownLatch MADE_AND_GONE = new CountDownLatch(3);
    static final AtomicBoolean BOUND_UNREFERENCED = new AtomicBoolean();

    static class Item implements Counter, Unreferenced {
        private int n;
        private final boolean bound;

        Item(boolean bound) {
            this.bound = bound;
        }

        public synchronized int next() {
            return ++n;
        }

        public void unreferenced() {
            if (bound) {
                BOUND_UNREFERENCED.set(true);
            } else {
                MADE_AND_GONE.countDown();
            }
        }
    }

    public Counter make() throws RemoteException {
        return (Counter) UnicastRemoteObject.exportObject(new Item(false), 0);
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.rmi.dgc.leaseValue", "2000");
        Registry registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        Server factory = new Server();
        Item bound = new Item(true);
        // through the registry's stub, as Naming does: the registry then holds a reference like any client
        Registry stub = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]));
        stub.rebind("factory", UnicastRemoteObject.exportObject(factory, 0));
        stub.rebind("bound", UnicastRemoteObject.exportObject(bound, 0));
        System.out.println("ready");
        boolean all = MADE_AND_GONE.await(60, TimeUnit.SECONDS);
        System.out.println("the three counters the client held were unreferenced: " + all);
        Thread.sleep(1000); // half a lease more: the bound object must still not be unreferenced
        System.out.println("the bound counter was unreferenced: " + BOUND_UNREFERENCED.get());
        System.out.println("the bound counter still counts: " + bound.next());
        UnicastRemoteObject.unexportObject(bound, true);
        UnicastRemoteObject.unexportObject(factory, true);
        UnicastRemoteObject.unexportObject(registry, true);
        System.out.println("stopped");
        System.gc(); // the unreferenced counters are held only weakly now: once collected, nothing keeps the JVM
    }
}
