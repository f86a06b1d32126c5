package example.no_such_object;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;

/** Exports a widget and unexports it on request. */
public class Server implements Control {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    private static Registry registry;
    private final WidgetImpl widget = new WidgetImpl();

    static class WidgetImpl implements Widget {
        public String ping() {
            return "pong";
        }
    }

    Server() throws RemoteException {
        UnicastRemoteObject.exportObject(widget, 0);
    }

    public Widget widget() {
        return widget;
    }

    public boolean unexportWidget() throws RemoteException {
        return UnicastRemoteObject.unexportObject(widget, true);
    }

    public String unexportWidgetAgain() {
        return unexport(widget);
    }

    public String unexportStranger() {
        return unexport(new WidgetImpl());
    }

    private static String unexport(Remote r) {
        try {
            return "returned " + UnicastRemoteObject.unexportObject(r, true);
        } catch (RemoteException e) {
            return e.getClass().getName();
        }
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
        registry.rebind("control", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
