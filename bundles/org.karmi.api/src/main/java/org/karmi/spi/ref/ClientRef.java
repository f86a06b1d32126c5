package org.karmi.spi.ref;

import java.io.NotSerializableException;
import java.rmi.Remote;
import java.rmi.RemoteException;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The reference layer's side of a stub (paper, section 4.2: {@code ClientRef}): addresses one
 * remote object and starts calls to it. A generated stub holds exactly one; a call is
 * {@link #newCall(long)}, the arguments written into {@link RemoteCall#arguments()}, then
 * one of the typed {@code invoke} methods of {@link RemoteCall}.
 *
 * <p>Implemented by the reference layer. Thread-safe: any number of threads may call
 * through one reference at once, each with its own {@link RemoteCall}.
 */
@ProviderType
public interface ClientRef {

    /** The id of the remote object this reference addresses. */
    ObjectId objectId();

    /**
     * Starts a call of the method with hash {@code methodHash} ({@link MethodHash}). The
     * returned call belongs to the calling thread until one of its {@code invoke} methods
     * or {@link RemoteCall#marshalFailed} returned or threw.
     *
     * @throws java.rmi.ConnectException if the object's node cannot be reached
     * @throws java.rmi.ConnectIOException if connecting failed otherwise (for example a refused handshake)
     * @throws java.rmi.NoSuchObjectException if the object lives in this JVM and is not exported
     * @throws RemoteException on any other failure
     */
    RemoteCall newCall(long methodHash) throws RemoteException;

    /**
     * What {@code stub}, a stub over this reference, writes in its place when serialized
     * outside KaRMI's call streams. The default refuses.
     *
     * @throws NotSerializableException if this reference cannot be serialized
     * @since 1.1
     */
    default StubReference serialForm(Remote stub) throws NotSerializableException {
        throw new NotSerializableException(getClass().getName());
    }
}
