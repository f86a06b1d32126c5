package example.exception_remote;

import java.rmi.RemoteException;
import java.rmi.ServerException;
import java.rmi.registry.LocateRegistry;
import java.util.List;

/** Looks at the RemoteExceptions the server raises. */
public class Client {

    interface Call {
        void run() throws RemoteException;
    }

    public static void main(String[] args) throws Exception {
        Gateway gateway = (Gateway) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("gateway");
        call("plain()", gateway::plain);
        call("access()", gateway::access);
        try {
            gateway.backend();
        } catch (BackendDownException e) {
            System.out.println("backend() caught as BackendDownException itself");
        } catch (RemoteException e) {
            describe("backend()", e);
        }
        gateway.shutdown();
    }

    static void call(String name, Call call) {
        try {
            call.run();
            System.out.println(name + ": no exception");
        } catch (RemoteException e) {
            describe(name, e);
        }
    }

    static void describe(String name, RemoteException e) {
        System.out.println(name + " threw " + e.getClass().getName() + ", a ServerException: " + (e instanceof ServerException));
        Throwable cause = e.getCause();
        System.out.println("  cause: " + cause.getClass().getName() + ": " + cause.getMessage().replace("\n", "\\n").replace("\t", "\\t"));
        System.out.println("  detail is the cause: " + (e.detail == cause));
        System.out.println("  cause's cause: " + cause.getCause());
        System.out.println("  server frames in the cause: "
                + List.of(cause.getStackTrace()).stream().anyMatch(f -> f.getClassName().equals(Server.class.getName())));
    }
}
