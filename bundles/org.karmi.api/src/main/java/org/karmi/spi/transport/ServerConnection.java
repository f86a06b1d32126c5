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

    /** The peer's handshake (its UTIDs, the serializers it offered). */
    Handshake remoteHandshake();

    /**
     * The answer this end sent ({@link Handshake#answer}): its one serializer is the
     * connection's. {@code null} (the default, for technologies older than 1.7) makes the
     * reference layer take the first of the peer's serializers that it has.
     *
     * @since 1.7
     */
    default Handshake localHandshake() {
        return null;
    }

    /** The technology this connection belongs to. */
    Technology technology();

    /**
     * Whether the peer runs on this host, as the technology itself observed it (never from
     * what the peer announced): for TCP, the socket's remote address is a loopback address or
     * an address of a local interface; a shared-memory technology answers {@code true}, since
     * its peers share this host's memory. The reference layer uses it to keep registry writes
     * ({@code bind}, {@code rebind}, {@code unbind}) local. The default, {@code false}, is the
     * safe answer for a technology that cannot tell.
     *
     * @since 1.1
     */
    default boolean peerOnThisHost() {
        return false;
    }

    /**
     * The peer's host as the technology observed it (for TCP, the socket's remote address as
     * text, {@code 127.0.0.1} or {@code 10.1.2.3}), for
     * {@code RemoteServer.getClientHost()}; {@code null} if the technology cannot tell, in
     * which case the reference layer answers the loopback address for a
     * {@linkplain #peerOnThisHost() peer on this host} and otherwise the host of the address
     * the peer announced for this technology.
     *
     * @since 1.4
     */
    default String peerHost() {
        return null;
    }

    /**
     * The local port this connection arrived on, for technologies addressed by host and port
     * (TCP), so that a call to the well-known registry number reaches the registry created for
     * that port ({@code createRegistry(port)}); 0 (the default) if the technology has no ports.
     *
     * @since 1.5
     */
    default int localPort() {
        return 0;
    }

    /**
     * Asks the client to stop using this connection once no call is in flight, without losing a
     * call that crosses the request (the reference layer retires a connection whose serializer
     * was withdrawn). The default does nothing: the connection then lives until its client or
     * an idle timeout closes it.
     *
     * @since 1.7
     */
    default void retire() {
    }

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
