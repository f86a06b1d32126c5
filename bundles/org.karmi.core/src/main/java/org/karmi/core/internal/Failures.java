package org.karmi.core.internal;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.WriteAbortedException;
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
                // java.rmi: the server's stream aborts mid-result, the client reads a WriteAbortedException
                return new UnmarshalException("error unmarshalling return; the server could not marshal it: " + message,
                        new WriteAbortedException("writing aborted", abortCause(message)));
            default:
                return new RemoteException("call failed (code " + code + "): " + message);
        }
    }

    private static final java.util.regex.Pattern NOT_SERIALIZABLE =
            java.util.regex.Pattern.compile("java\\.io\\.NotSerializableException: ([\\w.$]+)");

    /** The exception a FAILURE message names: a NotSerializableException for the class it names, else an IOException. */
    private static Exception abortCause(String message) {
        java.util.regex.Matcher m = NOT_SERIALIZABLE.matcher(String.valueOf(message));
        return m.find() ? new NotSerializableException(m.group(1)) : new java.io.IOException(message);
    }

    /**
     * What the caller sees for a Throwable the remote method threw: the exception itself, or
     * wrapped as {@code java.rmi} does; the caller's stack is appended to the server's, once
     * (as {@code java.rmi}'s {@code UnicastRef}).
     *
     * @param local whether the call took the local short-cut: then the server's stack already
     *              ends in the caller's frames (same thread), which are cut before appending
     */
    static Exception fromServer(Throwable t, boolean local) {
        appendClientStack(t, local);
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

    private static void appendClientStack(Throwable t, boolean local) {
        StackTraceElement[] server = t.getStackTrace();
        StackTraceElement[] client = new Throwable().getStackTrace();
        int keep = local ? serverPart(server, client) : server.length;
        StackTraceElement[] all = Arrays.copyOf(server, keep + client.length);
        System.arraycopy(client, 0, all, keep, client.length);
        t.setStackTrace(all);
    }

    /**
     * How many leading frames of a local call's server stack are the server's: the stack
     * ends with the frames it shares with the caller's (counted from the bottom), below the
     * short-cut's own frames ({@link LocalCall}, {@link OutgoingCall}); those are cut, down to
     * the {@link Dispatcher} frame, which is kept as a call over a technology keeps it.
     */
    private static int serverPart(StackTraceElement[] server, StackTraceElement[] client) {
        int shared = 0;
        while (shared < server.length && shared < client.length
                && server[server.length - 1 - shared].equals(client[client.length - 1 - shared])) {
            shared++;
        }
        if (shared == 0) {
            return server.length;
        }
        int keep = server.length - shared;
        while (keep > 0 && isShortCutFrame(server[keep - 1])) {
            keep--;
        }
        return keep;
    }

    private static boolean isShortCutFrame(StackTraceElement f) {
        String c = f.getClassName();
        return c.equals(LocalCall.class.getName()) || c.equals(OutgoingCall.class.getName());
    }
}
