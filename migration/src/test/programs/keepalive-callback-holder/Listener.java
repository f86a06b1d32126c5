package example.keepalive_callback_holder;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;

/** Registers a callback and returns from main. */
public class Listener extends UnicastRemoteObject implements Callback {

    private static Listener listener;

    Listener() throws RemoteException {
        super();
    }

    public void onMessage(String message) {
        System.out.println("got: " + message);
    }

    public void stop() {
        Hub.stopLater(this);
    }

    public static void main(String[] args) throws Exception {
        HubApi hub = (HubApi) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("hub");
        listener = new Listener();
        hub.register(listener);
        System.out.println("ready");
    }
}
