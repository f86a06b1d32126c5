package org.karmi.spi.transport;

/**
 * One open connection as its technology sees it, for people and health checks (the shell's
 * {@code karmi:connections}): a snapshot, taken while calls go on. Immutable.
 *
 * @param technology  the technology's name
 * @param inbound     {@code true} for the server end (the peer connected to this node)
 * @param peerNodeId  the node id the peer announced in its handshake (0 while the handshake runs)
 * @param peer        the peer's address as the technology names it ({@code 127.0.0.1:40312}, a
 *                    ParaStation node), for people only
 * @param serializer  the serializer the handshake agreed, as {@code name/version} (empty while
 *                    the handshake runs)
 * @param state       {@link #HANDSHAKE}, {@link #IDLE}, {@link #IN_CALL}, {@link #RETIRING},
 *                    {@link #PEER_DEAD}, or a technology's own word
 * @param idleMillis  how long it has carried no call (0 while one runs)
 * @since 1.7
 */
public record ConnectionInfo(String technology, boolean inbound, long peerNodeId, String peer, String serializer,
        String state, long idleMillis) {

    /** Still in its handshake. */
    public static final String HANDSHAKE = "handshake";
    /** Between calls (a client end: pooled). */
    public static final String IDLE = "idle";
    /** A call is in flight (a client end: taken from the pool by a caller). */
    public static final String IN_CALL = "in call";
    /** The server asked its client to move off it; it closes once idle. */
    public static final String RETIRING = "retiring";

    /** The technology saw the peer's process end; the connection is about to close. */
    public static final String PEER_DEAD = "peer dead";

    /** The agreed serializer of a handshake, as {@code name/version}; empty for none yet. */
    public static String serializerOf(Handshake agreed) {
        return agreed == null || agreed.serializers().isEmpty() ? "" : agreed.serializers().get(0).toString();
    }
}
