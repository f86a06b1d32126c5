package example.socket_factories;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.stream.Collectors;

/** A registry and two objects, all on XOR sockets. */
public class Server extends UnicastRemoteObject implements Echo {

    private static Registry registry;
    private static Server anonymous;
    private static Server onPort;
    private final String name;

    Server(String name, XorClientSocketFactory csf, XorServerSocketFactory ssf) throws RemoteException {
        super(0, csf, ssf);
        this.name = name;
    }

    /** Not exported by its constructor: exported by main with exportObject. */
    static class Plain implements Echo {
        public String echo(String s) {
            return "on port 2: " + s;
        }

        public void shutdown() {
            stopLater(anonymous, this, registry);
        }
    }

    public String echo(String s) {
        return name + ": " + s;
    }

    public void shutdown() {
        stopLater(this, registry);
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

    private static Plain plain;

    public static void main(String[] args) throws Exception {
        int port1 = Integer.parseInt(args[0]);
        int port2 = Integer.parseInt(args[1]);
        XorClientSocketFactory csf = new XorClientSocketFactory(0x5A);
        XorServerSocketFactory ssf = new XorServerSocketFactory(0x5A);
        registry = LocateRegistry.createRegistry(port1, csf, ssf);
        plain = new Plain();
        Remote plainStub = UnicastRemoteObject.exportObject(plain, port2, csf, ssf);
        anonymous = new Server("anonymous port", csf, ssf);
        registry.rebind("plain", plainStub);
        registry.rebind("anonymous", anonymous);
        System.out.println("the server socket factory was asked for: " + XorServerSocketFactory.PORTS.stream()
                .map(p -> p == port1 ? "port 1" : p == port2 ? "port 2" : p.toString()).collect(Collectors.joining(", ")));
        System.out.println("ready");
    }
}
