package example.exception_remote;

import java.rmi.RemoteException;

/** The application's own RemoteException. */
public class BackendDownException extends RemoteException {

    private static final long serialVersionUID = 1L;

    public BackendDownException(String message) {
        super(message);
    }
}
