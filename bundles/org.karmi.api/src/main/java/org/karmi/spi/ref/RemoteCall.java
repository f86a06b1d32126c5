package org.karmi.spi.ref;

import java.rmi.MarshalException;

import org.karmi.spi.serial.SerialOutput;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One call in progress, on the caller's side (the only object a call creates on the
 * caller once warm). A stub writes the arguments into {@link #arguments()} in declaration
 * order (primitives with the matching {@code writeX}, everything else with
 * {@code writeObject}) and then calls the {@code invoke} method matching the method's
 * return type, which sends the call, waits for the reply and reads the result straight out
 * of it (the paper's {@code XApplicationCall}: no boxing of primitive results).
 *
 * <p>The {@code invoke} methods throw what the caller of the remote method must see: the
 * exception the remote method threw (declared checked exceptions and
 * {@link RuntimeException}s as themselves, with the server's stack trace first and the
 * caller's appended; a {@link java.rmi.RemoteException} thrown by the method wrapped in
 * {@link java.rmi.ServerException}; an {@link Error} wrapped in {@link java.rmi.ServerError})
 * or a {@link java.rmi.RemoteException} for a failure of the call itself
 * ({@link java.rmi.UnmarshalException}, {@link java.rmi.NoSuchObjectException}, ...).
 * A stub re-throws the declared ones and wraps any other checked exception in
 * {@link java.rmi.UnexpectedException}.
 *
 * <p>Not thread-safe: a call belongs to the thread that started it, and is finished after
 * one {@code invoke} or {@link #marshalFailed}.
 */
@ProviderType
public interface RemoteCall {

    /** The stream to write the arguments into. */
    SerialOutput arguments();

    /**
     * Abandons the call after writing the arguments failed (for example a
     * {@link java.io.NotSerializableException}) and returns the exception to throw.
     *
     * @param cause what went wrong while writing
     * @return a {@link MarshalException} naming the cause
     */
    MarshalException marshalFailed(Exception cause);

    /** Sends the call and waits for a method returning {@code void}. */
    void invokeVoid() throws Exception;

    /** Sends the call and returns the {@code boolean} result. */
    boolean invokeBoolean() throws Exception;

    /** Sends the call and returns the {@code byte} result. */
    byte invokeByte() throws Exception;

    /** Sends the call and returns the {@code char} result. */
    char invokeChar() throws Exception;

    /** Sends the call and returns the {@code short} result. */
    short invokeShort() throws Exception;

    /** Sends the call and returns the {@code int} result. */
    int invokeInt() throws Exception;

    /** Sends the call and returns the {@code long} result. */
    long invokeLong() throws Exception;

    /** Sends the call and returns the {@code float} result. */
    float invokeFloat() throws Exception;

    /** Sends the call and returns the {@code double} result. */
    double invokeDouble() throws Exception;

    /** Sends the call and returns the reference-typed result (read with {@code readObject}). */
    Object invokeObject() throws Exception;
}
