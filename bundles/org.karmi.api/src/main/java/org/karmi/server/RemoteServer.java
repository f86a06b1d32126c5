package org.karmi.server;

import java.io.OutputStream;
import java.io.PrintStream;
import java.rmi.server.ServerNotActiveException;

import org.karmi.Karmi;
import org.karmi.RemoteRuntime;

/**
 * Drop-in replacement for {@link java.rmi.server.RemoteServer}: the superclass of server
 * implementations ({@link UnicastRemoteObject}), with {@link #getClientHost()}. Thread-safe.
 */
public abstract class RemoteServer extends RemoteObject {

    private static final long serialVersionUID = 1L;

    private static volatile PrintStream log;

    /** Creates a remote server object that is not exported yet. */
    protected RemoteServer() {
    }

    /**
     * The host of the client whose remote call the current thread is running (an IP address
     * as text), as {@link java.rmi.server.RemoteServer#getClientHost()} returns it. A call
     * through the local short-cut comes from the loopback address.
     *
     * @throws ServerNotActiveException if the current thread is not running a remote call
     *                                  of the default runtime ({@link Karmi#current()})
     */
    public static String getClientHost() throws ServerNotActiveException {
        RemoteRuntime runtime = Karmi.current();
        if (runtime == null) {
            throw new ServerNotActiveException("not in a remote call (no KaRMI runtime)");
        }
        return runtime.clientHost();
    }

    /**
     * Keeps {@code out} as the call log, for {@link #getLog()}. KaRMI writes no call log to
     * it (it logs through {@link System.Logger} {@code org.karmi.core}); {@code null} removes it.
     */
    public static void setLog(OutputStream out) {
        log = out == null ? null : out instanceof PrintStream p ? p : new PrintStream(out, true);
    }

    /** The stream given to {@link #setLog}, or {@code null}. */
    public static PrintStream getLog() {
        return log;
    }
}
