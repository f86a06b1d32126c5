package example.unexport_during_calls;

import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Unexports the worker while one of its calls runs. */
public class Client {

    public static void main(String[] args) throws Exception {
        Control control = (Control) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("control");
        Worker worker = control.worker();
        System.out.println("ping: " + worker.ping());
        CompletableFuture<String> blocked = CompletableFuture.supplyAsync(() -> {
            try {
                return worker.block();
            } catch (RemoteException e) {
                return e.getClass().getName();
            }
        });
        System.out.println("a block() call is inside: " + control.awaitBlocked());
        System.out.println("unexportObject(worker, false) during the call: " + control.unexportWorker(false));
        System.out.println("ping after the refused unexport: " + ping(worker));
        System.out.println("unexportObject(worker, true) during the call: " + control.unexportWorker(true));
        System.out.println("ping after the forced unexport: " + ping(worker));
        control.release();
        System.out.println("the running call returned: " + blocked.get(30, TimeUnit.SECONDS));
        control.shutdown();
    }

    static String ping(Worker worker) {
        try {
            return worker.ping();
        } catch (RemoteException e) {
            return e.getClass().getName();
        }
    }
}
