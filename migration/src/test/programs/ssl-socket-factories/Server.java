package example.ssl_socket_factories;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import javax.rmi.ssl.SslRMIClientSocketFactory;
import javax.rmi.ssl.SslRMIServerSocketFactory;

/** A TLS registry and two TLS objects. */
public class Server implements Echo {

    private static Registry registry;
    private static Server open;
    private static Server mutual;
    private final String name;

    Server(String name) {
        this.name = name;
    }

    public String echo(String s) {
        return name + ": " + s;
    }

    public void shutdown() {
        stopLater(open, mutual, registry);
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

    static void useKeyStore(String path) {
        System.setProperty("javax.net.ssl.keyStore", path);
        System.setProperty("javax.net.ssl.keyStorePassword", "changeit");
        System.setProperty("javax.net.ssl.trustStore", path);
        System.setProperty("javax.net.ssl.trustStorePassword", "changeit");
    }

    public static void main(String[] args) throws Exception {
        useKeyStore(args[1]);
        SslRMIClientSocketFactory csf = new SslRMIClientSocketFactory();
        SslRMIServerSocketFactory ssf = new SslRMIServerSocketFactory();
        registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]), csf, ssf);
        open = new Server("tls");
        mutual = new Server("tls with client authentication");
        registry.rebind("open", UnicastRemoteObject.exportObject(open, 0, csf, ssf));
        registry.rebind("mutual", UnicastRemoteObject.exportObject(mutual, 0, csf,
                new SslRMIServerSocketFactory(null, null, true)));
        System.out.println("ready");
    }
}
