package org.karmi.spi.transport;

import java.io.IOException;

/**
 * The server end of one connection, as the {@link InboundHandler} sees it. A connection
 * carries one call at a time: the technology does not read the next message of this
 * connection until {@link #sendReply()} has been called for the current call, so the
 * handler may answer on another thread.
 */
@org.osgi.annotation.versioning.ConsumerType
public interface ServerConnection {

    /** The node id the peer announced in its handshake. */
    long remoteNodeId();

    /** The peer's handshake (its UTIDs, serializer). */
    Handshake remoteHandshake();

    /** The technology this connection belongs to. */
    Technology technology();

    /** The current inbound message: payload in {@code [position, limit)}. */
    WireBuffer request();

    /** The buffer to write the reply payload into, cleared, position at the first payload byte. */
    WireBuffer reply();

    /** Sends {@link #reply()} as the {@link MessageType#REPLY} to the current call. */
    void sendReply() throws IOException;

    /** Closes the connection (for example after malformed input). Idempotent. */
    void close();

    /** The reference layer's state for this connection, or {@code null}. */
    Object attachment();

    /** Sets the reference layer's state for this connection. */
    void attach(Object attachment);
}
