package org.karmi.core.internal;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.MarshalException;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.rmi.ServerError;
import java.rmi.ServerException;
import java.rmi.UnmarshalException;
import java.util.Arrays;

/**
 * Turns what went wrong in a call into what {@code java.rmi} would throw at the caller.
 * Stateless; thread-safe.
 */
final class Failures {

    private Failures() {
    }

    /** A failure of {@code Technology.acquire}. */
    static RemoteException connectFailed(Object target, IOException e) {
        if (e instanceof java.net.ConnectException || e instanceof java.net.NoRouteToHostException) {
            return new ConnectException("connection refused to " + target + ": " + e.getMessage(), e);
        }
        if (e instanceof RemoteException r) {
            return r;
        }
        return new ConnectIOException("error connecting to " + target + ": " + e.getMessage(), e);
    }

    /** A failure of {@code Connection.call}: the request may or may not have arrived. */
    static RemoteException callFailed(Object target, long timeoutMillis, IOException e) {
        if (e instanceof SocketTimeoutException) {
            return new UnmarshalException("no reply from " + target + " within " + timeoutMillis + " ms", e);
        }
        return new UnmarshalException("error reading the reply from " + target + ": " + e, e);
    }

    /** Writing the arguments failed. */
    static MarshalException marshalFailed(Exception e) {
        return new MarshalException("error marshalling arguments: " + e, e);
    }

    /** Reading the result failed. */
    static UnmarshalException unmarshalFailed(Exception e) {
        return new UnmarshalException("error unmarshalling the result: " + e, e);
    }

    /** A FAILURE reply. */
    static RemoteException fromFailure(int code, String message) {
        switch (code) {
            case CallPayload.FAILURE_NO_SUCH_OBJECT:
                return new NoSuchObjectException(message);
            case CallPayload.FAILURE_NO_SUCH_METHOD:
                return new UnmarshalException(message);
            case CallPayload.FAILURE_UNMARSHAL_ARGUMENTS:
                return new ServerException("error unmarshalling arguments", new UnmarshalException(message));
            case CallPayload.FAILURE_MARSHAL_RESULT:
                return new ServerException("error marshalling the result", new MarshalException(message));
            default:
                return new RemoteException("call failed (code " + code + "): " + message);
        }
    }

    /**
     * What the caller sees for a Throwable the remote method threw: the exception itself, or
     * wrapped as {@code java.rmi} does; the caller's stack is appended to the server's.
     */
    static Exception fromServer(Throwable t) {
        appendClientStack(t);
        if (t instanceof Error e) {
            return new ServerError("Error occurred in server thread; nested exception is: \n\t" + e, e);
        }
        if (t instanceof RemoteException r) {
            return new ServerException("RemoteException occurred in server thread; nested exception is: \n\t" + r, r);
        }
        if (t instanceof Exception x) {
            return x;
        }
        return new ServerException("Throwable occurred in server thread: " + t, new Exception(t));
    }

    private static void appendClientStack(Throwable t) {
        StackTraceElement[] server = t.getStackTrace();
        StackTraceElement[] client = new Throwable().getStackTrace();
        StackTraceElement[] all = Arrays.copyOf(server, server.length + client.length);
        System.arraycopy(client, 0, all, server.length, client.length);
        t.setStackTrace(all);
    }
}
