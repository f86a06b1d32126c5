package example.exception_checked;

import java.rmi.registry.LocateRegistry;
import java.util.List;

/** Withdraws too much and looks at what it gets. */
public class Client {

    public static void main(String[] args) throws Exception {
        Account account = (Account) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0])).lookup("account");
        System.out.println("withdraw 4, left: " + account.withdraw(4));
        try {
            account.withdraw(25);
            System.out.println("withdraw 25: no exception");
        } catch (InsufficientFundsException e) {
            System.out.println("caught: " + e.getClass().getName());
            System.out.println("message: " + e.getMessage());
            System.out.println("missing: " + e.missing());
            System.out.println("cause: " + e.getCause());
            describeTrace(e);
        }
        account.shutdown();
    }

    /** Where the frames of the server and of this client appear in the trace. */
    static void describeTrace(Throwable e) {
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
        System.out.println("server frames present: " + (server >= 0));
        System.out.println("client main frames: " + clientMains);
        System.out.println("server frames come before the client's: " + (server >= 0 && server < clientMain));
        System.out.println("top frame: " + trace.get(0).getClassName() + "." + trace.get(0).getMethodName());
    }
}
