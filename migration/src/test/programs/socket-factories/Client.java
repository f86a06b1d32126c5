package example.socket_factories;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;

/** Reaches the XOR registry with the factory, and without it. */
public class Client {

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        try {
            LocateRegistry.getRegistry("127.0.0.1", port).list();
            System.out.println("a plain client lists the XOR registry: ok");
        } catch (java.rmi.RemoteException e) {
            System.out.println("a plain client lists the XOR registry: fails with a RemoteException");
        }
        System.out.println("client sockets made by the factory so far: " + XorClientSocketFactory.CREATED.get());
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", port, new XorClientSocketFactory(0x5A));
        Echo plain = (Echo) registry.lookup("plain");
        Echo anonymous = (Echo) registry.lookup("anonymous");
        System.out.println(plain.echo("hi"));
        System.out.println(anonymous.echo("hi"));
        System.out.println("the client socket factory made sockets: " + (XorClientSocketFactory.CREATED.get() > 0));
        plain.shutdown();
    }
}
