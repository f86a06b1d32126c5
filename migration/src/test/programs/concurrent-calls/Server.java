package example.concurrent_calls;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/** Squares numbers and lets calls meet. */
public class Server implements Calculator {

    /** Held strongly: java.rmi may collect an exported object that only stubs in this JVM refer to. */
    private static Server impl;

    private static Registry registry;
    private final AtomicInteger squares = new AtomicInteger();
    private CyclicBarrier barrier;

    public long square(long x) {
        squares.incrementAndGet();
        return x * x;
    }

    public boolean meet(int parties) {
        CyclicBarrier b;
        synchronized (this) {
            if (barrier == null) {
                barrier = new CyclicBarrier(parties);
            }
            b = barrier;
        }
        try {
            b.await(20, TimeUnit.SECONDS);
            return true;
        } catch (InterruptedException | BrokenBarrierException | TimeoutException e) {
            return false;
        }
    }

    public int squares() {
        return squares.get();
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
        registry.rebind("calculator", UnicastRemoteObject.exportObject(impl = new Server(), 0));
        System.out.println("ready");
    }
}
