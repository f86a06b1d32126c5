package org.karmi.spi.transport;

/**
 * Receives what arrives at a technology: implemented by the reference layer, handed to the
 * technology in {@link TechnologyContext#inbound()}.
 *
 * <p>Methods are called on the technology's own threads, one connection never concurrently
 * with itself; different connections concurrently. A handler must not throw; a technology
 * closes a connection whose handler threw and logs it once.
 */
@org.osgi.annotation.versioning.ProviderType
public interface InboundHandler {

    /**
     * A {@link MessageType#CALL} arrived: the request is in {@link ServerConnection#request()}.
     * The handler answers with {@link ServerConnection#sendReply()}, on this or another thread.
     */
    void onCall(ServerConnection connection);

    /**
     * A {@link MessageType#ONE_WAY} message arrived: payload in {@code message}
     * ({@code [position, limit)}), valid only during this method.
     */
    void onOneWay(ServerConnection connection, WireBuffer message);

    /** The connection closed (orderly or not); its attachment can be dropped. */
    void onClosed(ServerConnection connection);

    /**
     * The technology found that node {@code nodeId}'s process ended (not just that a
     * connection closed): for example ParaStation, whose peers' liveness it watches. The
     * reference layer tells the distributed collectors, which release what that node held.
     * Called at most once per node and technology, on a technology thread; must not block.
     *
     * @since 1.6
     */
    default void onPeerDied(long nodeId) {
    }
}
