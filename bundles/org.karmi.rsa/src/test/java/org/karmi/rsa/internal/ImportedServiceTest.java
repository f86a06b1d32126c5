package org.karmi.rsa.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.rmi.ConnectException;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.junit.jupiter.api.Test;
import org.osgi.framework.ServiceException;

/**
 * An imported service's proxy: a transport failure becomes {@link ServiceException#REMOTE} on a
 * plain interface and stays a {@link RemoteException} on a remote one; the method's own
 * exceptions pass unchanged.
 */
class ImportedServiceTest {

    public interface Plain {
        String hello(String name);
    }

    public interface Rmi extends Remote {
        String hello(String name) throws RemoteException;
    }

    /** A stub as the core makes it: a proxy of the interface and Remote whose calls throw {@code failure}. */
    private static <T> T imported(Class<T> type, Throwable failure) {
        Remote stub = (Remote) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type, Remote.class},
                (p, m, a) -> {
                    throw failure;
                });
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                new ImportedService(stub, "karmi:1/2")));
    }

    @Test
    void transportFailureOnAPlainInterfaceIsAServiceExceptionOfTypeRemote() {
        ConnectException down = new ConnectException("refused");
        ServiceException e = assertThrows(ServiceException.class, () -> imported(Plain.class, down).hello("x"));
        assertEquals(ServiceException.REMOTE, e.getType());
        assertSame(down, e.getCause());
    }

    @Test
    void transportFailureOnARemoteInterfaceStaysARemoteException() {
        ConnectException down = new ConnectException("refused");
        assertSame(down, assertThrows(ConnectException.class, () -> imported(Rmi.class, down).hello("x")));
    }

    @Test
    void theMethodsOwnExceptionPassesUnchanged() {
        IllegalStateException own = new IllegalStateException("own");
        assertSame(own, assertThrows(IllegalStateException.class, () -> imported(Plain.class, own).hello("x")));
    }
}
