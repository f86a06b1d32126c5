package org.karmi.spi.transport;

import java.util.List;

/**
 * What the reference layer gives a technology when it {@linkplain Technology#start starts} it:
 * the node's identity for the {@link Handshake} and the handler for inbound messages.
 * Implemented by the reference layer; thread-safe.
 */
@org.osgi.annotation.versioning.ProviderType
public interface TechnologyContext {

    /** This node's id (random 64 bits, fixed for the node's lifetime). */
    long nodeId();

    /** Name of the serializer this node prefers (the first of {@link #serialFormats()}). */
    String serializerName();

    /** Version of that serializer's stream format. */
    int serializerVersion();

    /**
     * Every serializer this node can marshal with now, in its order of preference, for the
     * {@linkplain Handshake#of hello}; the default names only the preferred one.
     *
     * @since 1.7
     */
    default List<SerialFormat> serialFormats() {
        return List.of(new SerialFormat(serializerName(), serializerVersion()));
    }

    /** Every UTID this node has at the moment of asking (all started technologies). */
    List<Utid> nodeUtids();

    /** Receives inbound calls and one-way messages. */
    InboundHandler inbound();

    /** Bound, in milliseconds, on reading a frame that has begun to arrive and on handshakes. */
    long ioTimeoutMillis();

    /**
     * The node-wide budget of inbound bytes in flight that every technology of this node
     * acquires before it grows a frame or reassembly buffer (since 1.3).
     */
    default InboundByteBudget inboundBudget() {
        return InboundByteBudget.UNLIMITED;
    }
}
