package example.callback_reentrant;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** The server's side of the ping-pong. */
public class Server implements Node {

    private static Registry registry;

    public int countDown(int n, Node other) throws RemoteException {
        System.out.println("server called with " + n + ", other is a stub: " + !(other instanceof Server));
        return n == 0 ? 0 : 1 + other.countDown(n - 1, this);
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

    public static void main(String[] args) throws Exception {
        registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        Server server = new Server();
        UnicastRemoteObject.exportObject(server, 0);
        registry.rebind("node", server);
        System.out.println("ready");
    }
}
