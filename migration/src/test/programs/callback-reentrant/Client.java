package example.callback_reentrant;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;

/** The client's side of the ping-pong. */
public class Client implements Node {

    public int countDown(int n, Node other) throws RemoteException {
        System.out.println("client called with " + n + ", other is a stub: " + !(other instanceof Client));
        return n == 0 ? 0 : 1 + other.countDown(n - 1, this);
    }

    public void shutdown() {
        throw new UnsupportedOperationException();
    }

    public static void main(String[] args) throws Exception {
        Node server = (Node) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("node");
        Client client = new Client();
        UnicastRemoteObject.exportObject(client, 0);
        System.out.println("depth reached: " + server.countDown(6, client));
        System.out.println("unexported: " + UnicastRemoteObject.unexportObject(client, true));
        server.shutdown();
    }
}
