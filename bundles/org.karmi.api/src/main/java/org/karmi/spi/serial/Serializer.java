package org.karmi.spi.serial;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * An object serialization the reference layer marshals calls with: {@code uka} (the fast
 * UKA-serialization) or {@code jdk} (JDK serialization, the baseline). Both ends of a
 * connection use the same serializer name and {@link #version()}: the handshake agrees on the
 * first of the client's serializers that the server has too, and refuses the connection when
 * there is none.
 *
 * <p>A serializer makes stream pairs. The reference layer keeps one {@link SerialOutput} and
 * one {@link SerialInput} per connection and direction, so that state which may outlive a
 * call (the type table of the UKA-serialization) lives exactly as long as the connection.
 * Between calls it calls {@link SerialOutput#resetObjects()} / {@link SerialInput#resetObjects()}
 * (copy semantics: every call re-sends object state), never {@code resetAll()}.
 *
 * <h2>In OSGi</h2>
 * Register as a service with {@value #PROPERTY_NAME} = {@link #name()}. Thread-safe: any
 * number of streams may be created concurrently.
 */
@ConsumerType
public interface Serializer {

    /** Service property carrying the serializer's name. */
    String PROPERTY_NAME = "karmi.serializer";

    /** Short unique name: {@code uka}, {@code jdk}. */
    String name();

    /** Version of the stream format; a change that old readers cannot read increments it. */
    int version();

    /**
     * A new output stream. Remote objects met while writing are handed to {@code remotes}
     * instead of being serialized, so they travel by reference.
     */
    SerialOutput newOutput(RemoteObjectCodec remotes);

    /**
     * A new input stream. References written by {@link RemoteObjectCodec#writeRemote} are
     * read back with {@link RemoteObjectCodec#readRemote}.
     */
    SerialInput newInput(RemoteObjectCodec remotes);
}
