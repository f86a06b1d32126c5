package example.client_host;

import java.rmi.registry.LocateRegistry;
import java.rmi.server.RemoteServer;
import java.rmi.server.ServerNotActiveException;
import java.rmi.server.UnicastRemoteObject;

/** Asks who calls, and is called back. */
public class Client implements Callback {

    public String whoCalls() {
        try {
            return RemoteServer.getClientHost();
        } catch (ServerNotActiveException e) {
            return e.getClass().getName();
        }
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.rmi.server.hostname", "127.0.0.1");
        Service service = (Service) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("service");
        System.out.println("the server sees the call from: " + service.whoCalls());
        System.out.println("a thread the call starts sees: " + service.whoCallsFromAnotherThread());
        Client callback = new Client();
        UnicastRemoteObject.exportObject(callback, 0);
        System.out.println("the callback sees the server's call from: " + service.askCallback(callback));
        System.out.println("getClientHost() in the client's main: " + callback.whoCalls());
        UnicastRemoteObject.unexportObject(callback, true);
        service.shutdown();
    }
}
