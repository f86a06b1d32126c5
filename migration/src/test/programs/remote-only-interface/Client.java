package example.remote_only_interface;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.Arrays;

/** Looks the token up and compares it. */
public class Client {

    public static void main(String[] args) throws Exception {
        Registry registry = LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]));
        Remote token = registry.lookup("token");
        Control control = (Control) registry.lookup("control");
        System.out.println("looked up: a Remote: " + (token != null) + ", a Token: " + (token instanceof Token)
                + ", a Control: " + (token instanceof Control));
        System.out.println("application interfaces of the stub: " + Arrays.stream(token.getClass().getInterfaces())
                .filter(i -> i.getName().startsWith("example.")).count());
        System.out.println("equals a second lookup: " + token.equals(registry.lookup("token")));
        System.out.println("equals the result of token(): " + token.equals(control.token()));
        System.out.println("the server recognises it: " + control.isOurToken(token));
        System.out.println("the server recognises the control stub as its token: " + control.isOurToken(control));
        control.shutdown();
    }
}
