package example.exception_error;

import java.rmi.ServerError;
import java.rmi.registry.LocateRegistry;
import java.util.List;

/** Makes the server throw Errors. */
public class Client {

    public static void main(String[] args) throws Exception {
        Checker checker = (Checker) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("checker");
        try {
            checker.assertPositive(-1);
            System.out.println("assertPositive(-1): no exception");
        } catch (ServerError e) {
            describe("assertPositive(-1)", e);
        }
        try {
            checker.checkState();
            System.out.println("checkState(): no exception");
        } catch (ServerError e) {
            describe("checkState()", e);
        }
        System.out.println("server still serves: " + checker.ping());
        checker.shutdown();
    }

    static void describe(String call, ServerError e) {
        System.out.println(call + " threw " + e.getClass().getName());
        System.out.println("  cause: " + e.getCause());
        System.out.println("  detail is the cause: " + (e.detail == e.getCause()));
        System.out.println("  server frames in the cause: " + has(e.getCause(), Server.class.getName()));
        System.out.println("  client frames in the ServerError: " + has(e, Client.class.getName()));
        System.out.println("  server frames in the ServerError: " + has(e, Server.class.getName()));
    }

    static boolean has(Throwable t, String className) {
        return List.of(t.getStackTrace()).stream().anyMatch(f -> f.getClassName().equals(className));
    }
}
