package org.karmi.spi.transport;

import java.io.IOException;

/**
 * The client end of one connection to a remote node, carrying one call at a time. Obtained
 * from {@link Technology#acquire}; used by exactly one thread until it is
 * {@linkplain #release() released} (healthy, back to the pool) or {@linkplain #discard()
 * discarded} (broken or in doubt).
 *
 * <p>A call:
 * <pre>{@code
 * WireBuffer out = connection.request();      // cleared, position at the payload's first byte
 * out.writeInt(...); ...                       // the reference layer's call payload
 * WireBuffer in = connection.call(timeout);    // sent as CALL; blocks for the REPLY
 * in.readInt(); ...                            // reply payload in [position, limit)
 * connection.release();
 * }</pre>
 *
 * <p>The reference layer keeps per-connection state (for example the serializer's type
 * tables, which must live exactly as long as the connection) in the
 * {@linkplain #attach attachment}.
 */
@org.osgi.annotation.versioning.ConsumerType
public interface Connection {

    /** The node id the peer announced in its handshake. */
    long remoteNodeId();

    /** The peer's answer (its UTIDs; its one serializer is the connection's). */
    Handshake remoteHandshake();

    /** The technology this connection belongs to. */
    Technology technology();

    /**
     * The buffer to write the next outgoing message's payload into, cleared, with
     * {@code position} at the first payload byte (the bytes before it belong to the technology).
     */
    WireBuffer request();

    /**
     * Sends {@link #request()} as a {@link MessageType#CALL} and waits for the reply.
     *
     * @param timeoutMillis bound on the wait for the reply (> 0)
     * @return the reply: payload in {@code [position, limit)}; valid until the next use of this connection
     * @throws java.net.SocketTimeoutException if no reply came in time (the connection is then broken)
     * @throws IOException if the connection failed or the peer died; the connection is then broken
     */
    WireBuffer call(long timeoutMillis) throws IOException;

    /** Sends {@link #request()} as a {@link MessageType#ONE_WAY} message; no reply is awaited. */
    void oneWay() throws IOException;

    /** Gives the connection back for reuse. The caller must not touch it afterwards. */
    void release();

    /** Closes the connection (it is broken or its state is in doubt). Idempotent. */
    void discard();

    /** Whether the connection is still usable. */
    boolean isOpen();

    /** The reference layer's state for this connection, or {@code null}. */
    Object attachment();

    /** Sets the reference layer's state for this connection. */
    void attach(Object attachment);
}
