package example.client_host;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;
import java.util.concurrent.CompletableFuture;

/** Reports getClientHost(). */
public class Server extends UnicastRemoteObject implements Service {

    private static Registry registry;

    Server() throws RemoteException {
        super();
    }

    static String clientHost() {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            return e.getClass().getName();
        }
    }

    public String whoCalls() {
        return clientHost();
    }

    public String whoCallsFromAnotherThread() {
        return CompletableFuture.supplyAsync(Server::clientHost).join();
    }

    public String askCallback(Callback callback) throws RemoteException {
        return callback.whoCalls();
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
        System.setProperty("java.rmi.server.hostname", "127.0.0.1");
        System.out.println("getClientHost() in main: " + clientHost());
        registry = LocateRegistry.createRegistry(Integer.parseInt(args[0]));
        Server server = new Server();
        System.out.println("a UnicastRemoteObject is a RemoteServer: " + (((Object) server) instanceof RemoteServer));
        registry.rebind("service", server);
        System.out.println("getClientHost() in main after exporting: " + clientHost());
        System.out.println("ready");
    }
}
