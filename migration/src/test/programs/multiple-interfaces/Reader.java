package example.multiple_interfaces;

import java.io.IOException;
import java.rmi.Remote;

/** Reads; its method declares IOException, a superclass of RemoteException. */
public interface Reader extends Remote {

    String read() throws IOException;

    int size() throws Exception;
}
