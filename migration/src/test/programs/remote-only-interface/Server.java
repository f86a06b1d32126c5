package example.remote_only_interface;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Exports a Token. */
public class Server implements Control {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    private static Registry registry;
    private static Token token;
    private static Remote tokenStub;

    public boolean isOurToken(Remote t) {
        return tokenStub.equals(t);
    }

    public Remote token() {
        return token;
    }

    public void shutdown() {
        stopLater(token, this, registry);
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
        token = new Token();
        tokenStub = UnicastRemoteObject.exportObject(token, 0);
        System.out.println("stub is a Token: " + (tokenStub instanceof Token));
        registry.rebind("token", tokenStub);
        registry.rebind("control", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
