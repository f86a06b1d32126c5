package example.exception_runtime;

import java.rmi.registry.LocateRegistry;
import java.util.List;

/** Calls what fails and looks at what it gets. */
public class Client {

    public static void main(String[] args) throws Exception {
        Calculator calculator = (Calculator) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]))
                .lookup("calculator");
        try {
            calculator.divide(1, 0);
        } catch (ArithmeticException e) {
            describe("divide(1, 0)", e);
        }
        try {
            calculator.parse("x1");
        } catch (IllegalArgumentException e) {
            describe("parse(\"x1\")", e);
            System.out.println("  cause: " + e.getCause());
        }
        try {
            calculator.spend(150);
        } catch (QuotaExceededException e) {
            describe("spend(150)", e);
            System.out.println("  quota field: " + e.quota);
        }
        System.out.println("still usable: " + calculator.divide(9, 3));
        calculator.shutdown();
    }

    static void describe(String call, RuntimeException e) {
        System.out.println(call + " threw " + e.getClass().getName() + ": " + e.getMessage());
        List<StackTraceElement> trace = List.of(e.getStackTrace());
        int server = -1;
        int clientMain = -1;
        int clientMains = 0;
        for (int i = 0; i < trace.size(); i++) {
            StackTraceElement f = trace.get(i);
            if (f.getClassName().equals(Server.class.getName()) && server < 0) {
                server = i;
            }
            if (f.getClassName().equals(Client.class.getName()) && f.getMethodName().equals("main")) {
                clientMains++;
                clientMain = clientMain < 0 ? i : clientMain;
            }
        }
        System.out.println("  server frames present: " + (server >= 0) + ", client main frames: " + clientMains
                + ", server frames first: " + (server >= 0 && server < clientMain));
    }
}
