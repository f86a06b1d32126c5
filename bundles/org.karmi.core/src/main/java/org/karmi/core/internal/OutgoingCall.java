package org.karmi.core.internal;

import java.io.IOException;
import java.rmi.MarshalException;
import java.rmi.UnmarshalException;

import org.karmi.spi.ref.RemoteCall;
import org.karmi.spi.serial.SerialInput;
import org.karmi.spi.serial.SerialOutput;
import org.karmi.spi.transport.WireBuffer;

/**
 * The caller's half of one call, shared by calls over a technology and local short-cut
 * calls: finishes the argument stream, has the subclass {@linkplain #exchange exchange} it
 * for a reply, reads the status and the typed result straight out of the reply, and maps
 * failures to {@code java.rmi} exceptions. Belongs to the calling thread; not thread-safe.
 */
abstract class OutgoingCall implements RemoteCall {

    /** Argument stream (begun on the request buffer). */
    final SerialOutput out;
    /** Result stream. */
    final SerialInput in;
    /** Resolves result classes. */
    final ClassLoader loader;
    /** Decides which classes a result may carry. */
    final CallFilter filter;

    OutgoingCall(SerialOutput out, SerialInput in, RemoteRef ref) {
        this.out = out;
        this.in = in;
        this.loader = ref.loader;
        this.filter = ref.filter();
    }

    @Override
    public final SerialOutput arguments() {
        return out;
    }

    @Override
    public final MarshalException marshalFailed(Exception cause) {
        abandon();
        return Failures.marshalFailed(cause);
    }

    /** Sends the finished request and returns the reply (payload from its position on). */
    abstract WireBuffer exchange() throws Exception;

    /** The call ended well: reset stream objects and give the connection back. */
    abstract void complete();

    /** The call ended badly: streams or connection are in doubt; drop them. */
    abstract void abandon();

    /** Sends, waits, reads the status; returns the result stream for a normal return. */
    private SerialInput send(boolean hasResult) throws Exception {
        try {
            out.finish();
        } catch (IOException | RuntimeException e) {
            throw marshalFailed(e);
        }
        WireBuffer reply = exchange();
        Exception failure;
        try {
            byte status = reply.readByte();
            if (status == CallPayload.STATUS_RETURN) {
                if (hasResult) {
                    in.begin(reply, loader, filter);
                }
                return in;
            }
            if (status == CallPayload.STATUS_EXCEPTION) {
                in.begin(reply, loader, filter.forExceptions());
                Object t = in.readObject();
                if (!(t instanceof Throwable)) {
                    throw new UnmarshalException("exception reply carries a " + (t == null ? "null" : t.getClass().getName()));
                }
                complete();
                failure = Failures.fromServer((Throwable) t, this instanceof LocalCall);
            } else if (status == CallPayload.STATUS_FAILURE) {
                int code = CallPayload.readFailureCode(reply);
                String message = CallPayload.readFailureMessage(reply);
                abandon();
                failure = Failures.fromFailure(code, message);
            } else {
                throw new UnmarshalException("bad reply status " + status);
            }
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            abandon();
            throw e instanceof UnmarshalException u ? u : Failures.unmarshalFailed(e);
        }
        throw failure;
    }

    private UnmarshalException readFailed(Exception e) {
        abandon();
        return Failures.unmarshalFailed(e);
    }

    @Override
    public final void invokeVoid() throws Exception {
        send(false);
        complete();
    }

    @Override
    public final boolean invokeBoolean() throws Exception {
        SerialInput s = send(true);
        try {
            boolean v = s.readBoolean();
            complete();
            return v;
        } catch (IOException | RuntimeException e) {
            throw readFailed(e);
        }
    }

    @Override
    public final byte invokeByte() throws Exception {
        SerialInput s = send(true);
        try {
            byte v = s.readByte();
            complete();
            return v;
        } catch (IOException | RuntimeException e) {
            throw readFailed(e);
        }
    }

    @Override
    public final char invokeChar() throws Exception {
        SerialInput s = send(true);
        try {
            char v = s.readChar();
            complete();
            return v;
        } catch (IOException | RuntimeException e) {
            throw readFailed(e);
        }
    }

    @Override
    public final short invokeShort() throws Exception {
        SerialInput s = send(true);
        try {
            short v = s.readShort();
            complete();
            return v;
        } catch (IOException | RuntimeException e) {
            throw readFailed(e);
        }
    }

    @Override
    public final int invokeInt() throws Exception {
        SerialInput s = send(true);
        try {
            int v = s.readInt();
            complete();
            return v;
        } catch (IOException | RuntimeException e) {
            throw readFailed(e);
        }
    }

    @Override
    public final long invokeLong() throws Exception {
        SerialInput s = send(true);
        try {
            long v = s.readLong();
            complete();
            return v;
        } catch (IOException | RuntimeException e) {
            throw readFailed(e);
        }
    }

    @Override
    public final float invokeFloat() throws Exception {
        SerialInput s = send(true);
        try {
            float v = s.readFloat();
            complete();
            return v;
        } catch (IOException | RuntimeException e) {
            throw readFailed(e);
        }
    }

    @Override
    public final double invokeDouble() throws Exception {
        SerialInput s = send(true);
        try {
            double v = s.readDouble();
            complete();
            return v;
        } catch (IOException | RuntimeException e) {
            throw readFailed(e);
        }
    }

    @Override
    public final Object invokeObject() throws Exception {
        SerialInput s = send(true);
        try {
            Object v = s.readObject();
            complete();
            return v;
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw readFailed(e);
        }
    }
}
