package example.ssl_socket_factories;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.Arrays;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/** Calls over TLS. */
public class Client {

    public static void main(String[] args) throws Exception {
        Server.useKeyStore(args[1]);
        int port = Integer.parseInt(args[0]);
        try {
            LocateRegistry.getRegistry("127.0.0.1", port).list();
            System.out.println("a plain client lists the TLS registry: ok");
        } catch (RemoteException e) {
            System.out.println("a plain client lists the TLS registry: fails with a RemoteException");
        }
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port, new SslRMIClientSocketFactory());
        String[] names = registry.list();
        Arrays.sort(names);
        System.out.println("the TLS registry lists: " + Arrays.toString(names));
        Echo open = (Echo) registry.lookup("open");
        Echo mutual = (Echo) registry.lookup("mutual");
        System.out.println(open.echo("hi"));
        System.out.println(mutual.echo("hi"));
        open.shutdown();
    }
}
