package example.export_on_port;

import java.rmi.RemoteException;
import java.rmi.server.UnicastRemoteObject;

/** Exported on a given port by its constructor. */
public class Fixed extends UnicastRemoteObject implements Echo {

    Fixed(int port) throws RemoteException {
        super(port);
    }

    public String echo(String s) {
        return "fixed: " + s;
    }
}
