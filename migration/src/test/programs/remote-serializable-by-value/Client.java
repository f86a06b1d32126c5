package example.remote_serializable_by_value;

import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;

/** Passes Remote objects that are and are not exported. */
public class Client {

    public static void main(String[] args) throws Exception {
        System.setProperty("example.role", "client");
        Inspector inspector = (Inspector) LocateRegistry.getRegistry("127.0.0.1", Integer.parseInt(args[0]))
                .lookup("inspector");
        Token token = new Token("t1");
        System.out.println("not exported, the server got: " + inspector.inspect(token));
        Remote back = inspector.echo(token);
        System.out.println("not exported, echoed back: a Token: " + (back instanceof Token) + ", the same object: "
                + (back == token) + ", label: " + (back instanceof Token ? ((Token) back).label : "-"));
        UnicastRemoteObject.exportObject(token, 0);
        System.out.println("exported, the server got: " + inspector.inspect(token));
        back = inspector.echo(token);
        System.out.println("exported, echoed back: a Token: " + (back instanceof Token) + ", the same object: "
                + (back == token));
        System.out.println("unexported: " + UnicastRemoteObject.unexportObject(token, true));
        LocalGreeter greeter = new LocalGreeter();
        System.out.println("greeter not exported: " + inspector.greetWith(greeter));
        UnicastRemoteObject.exportObject(greeter, 0);
        System.out.println("greeter exported: " + inspector.greetWith(greeter));
        System.out.println("unexported: " + UnicastRemoteObject.unexportObject(greeter, true));
        inspector.shutdown();
    }
}
