package example.unexport_during_calls;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A worker whose block() waits for release(). */
public class Server implements Control {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    private static Registry registry;
    private final CountDownLatch blocked = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    private final Worker worker = new Worker() {
        public String block() throws RemoteException {
            blocked.countDown();
            try {
                return released.await(30, TimeUnit.SECONDS) ? "released" : "timed out";
            } catch (InterruptedException e) {
                return "interrupted";
            }
        }

        public String ping() {
            return "pong";
        }
    };

    Server() throws RemoteException {
        UnicastRemoteObject.exportObject(worker, 0);
    }

    public Worker worker() {
        return worker;
    }

    public boolean awaitBlocked() {
        try {
            return blocked.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            return false;
        }
    }

    public boolean unexportWorker(boolean force) throws RemoteException {
        return UnicastRemoteObject.unexportObject(worker, force);
    }

    public void release() {
        released.countDown();
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
