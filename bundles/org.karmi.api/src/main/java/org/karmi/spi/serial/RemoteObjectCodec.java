package org.karmi.spi.serial;

import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.rmi.Remote;

import org.osgi.annotation.versioning.ProviderType;

/**
 * How remote objects cross a serializer: implemented by the reference layer. A serializer
 * that meets an object implementing {@link Remote} while writing a graph asks
 * {@link #byReference}; for an exported object or a stub (the answer {@code true}) it does
 * not serialize it, marks the place and calls {@link #writeRemote}, which writes the
 * object's remote reference (object id and UTIDs). Any other {@code Remote} is written by
 * value like any object (refused if it is not serializable), as {@code java.rmi} passes it.
 * Reading, at that mark it calls {@link #readRemote}, which returns a stub (or the object
 * itself, if it lives in this JVM). Identity within one message is the serializer's
 * business: a remote object met twice in one message is written once.
 */
@ProviderType
public interface RemoteObjectCodec {

    /**
     * Whether {@code object} crosses by reference ({@link #writeRemote}): it is an exported
     * object or a stub. {@code false} means by value. The default, {@code true}, sends every
     * {@code Remote} by reference.
     *
     * @since 1.2
     */
    default boolean byReference(Remote object) {
        return true;
    }

    /**
     * Writes the remote reference of {@code object}.
     *
     * @throws java.rmi.NoSuchObjectException (an IOException) if the object is a
     *         {@code Remote} that is neither exported nor a stub
     */
    void writeRemote(Remote object, ObjectOutput out) throws IOException;

    /** Reads what {@link #writeRemote} wrote and returns the stub (or local object). */
    Remote readRemote(ObjectInput in) throws IOException;
}
