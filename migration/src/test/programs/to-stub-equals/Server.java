package example.to_stub_equals;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RemoteObject;
import java.rmi.server.UnicastRemoteObject;

/** Item "a" extends UnicastRemoteObject; item "b" is exported with exportObject. */
public class Server {

    private static Registry registry;
    static A a;
    static B b;

    static class A extends UnicastRemoteObject implements Item {
        A() throws RemoteException {
            super();
        }

        public String name() {
            return "a";
        }

        public String compare(Item other) throws RemoteException {
            return Server.compare(other);
        }

        public void shutdown() {
            stopLater(a, b, registry);
        }
    }

    static class B implements Item {
        public String name() {
            return "b";
        }

        public String compare(Item other) throws RemoteException {
            return Server.compare(other);
        }

        public void shutdown() {
            stopLater(a, b, registry);
        }
    }

    static String compare(Item other) throws RemoteException {
        return "toStub(a).equals(arg): " + RemoteObject.toStub(a).equals(other)
                + ", a.equals(arg): " + a.equals(other)
                + ", arg.equals(a): " + other.equals(a)
                + ", a.hashCode() == arg.hashCode(): " + (a.hashCode() == other.hashCode())
                + ", toStub(b).equals(arg): " + RemoteObject.toStub(b).equals(other);
    }

    static void stopLater(Remote... objects) {
        Thread stopper = new Thread(() -> {
            try {
                for (Remote o : objects) {
                    while (!UnicastRemoteObject.unexportObject(o, false)) {
                        Thread.sleep(10);
                    }
                }
                System.out.println("stopped");
            } catch (Exception e) {
                System.out.println("stop failed: " + e);
            }
        });
        stopper.setDaemon(false); // else it inherits the daemon status of the thread running the remote call
        stopper.start();
    }

    public static void main(String[] args) throws Exception {
        registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        a = new A();
        b = new B();
        Remote bStub = UnicastRemoteObject.exportObject(b, 0);
        Remote aStub = RemoteObject.toStub(a);
        System.out.println("toStub(a): an Item: " + (aStub instanceof Item) + ", is a itself: " + (aStub == a)
                + ", equals a second toStub(a): " + aStub.equals(RemoteObject.toStub(a)));
        System.out.println("toStub(b) equals the stub exportObject returned: " + RemoteObject.toStub(b).equals(bStub));
        System.out.println("a.equals(toStub(a)): " + a.equals(aStub) + ", toStub(a).equals(a): " + aStub.equals(a)
                + ", same hash code: " + (a.hashCode() == aStub.hashCode()));
        System.out.println("b.equals(toStub(b)): " + b.equals(bStub) + ", toStub(b).equals(b): " + bStub.equals(b));
        System.out.println("a equals itself: " + a.equals(a) + ", toStub(a).equals(toStub(b)): " + aStub.equals(bStub));
        try {
            RemoteObject.toStub(new B());
            System.out.println("toStub of an object never exported: returned");
        } catch (java.rmi.NoSuchObjectException e) {
            System.out.println("toStub of an object never exported: " + e.getClass().getName());
        }
        registry.rebind("a", a);
        registry.rebind("b", b);
        System.out.println("ready");
    }
}
