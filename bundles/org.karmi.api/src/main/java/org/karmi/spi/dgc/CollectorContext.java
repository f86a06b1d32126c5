package org.karmi.spi.dgc;

import java.io.IOException;
import java.util.List;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What the reference layer offers a {@link DistributedCollector}: its node's identity,
 * messages to the collector of the same name on other nodes (over the technologies mapped
 * to this collector where one reaches the destination), and the verdict
 * {@link #unreferenced}. Implemented by the reference layer; thread-safe.
 */
@ProviderType
public interface CollectorContext {

    /** This node's id. */
    long nodeId();

    /** The UTIDs this node listens on (what {@code from} carries in {@link DistributedCollector#referenceReceived}). */
    List<Utid> nodeUtids();

    /**
     * The state the previous collector of this name on this node handed over when it stopped
     * ({@link DistributedCollector#handOver()}), or {@code null}. (Default {@code null}, for
     * contexts that keep no state, such as test doubles.)
     */
    default byte[] handedOver() {
        return null;
    }

    /** Milliseconds a {@link #call} or {@link #send} waits at most (connect plus reply). */
    long timeoutMillis();

    /**
     * Sends {@code message} one way to this collector's peer on the node reachable at one of
     * {@code destination}'s UTIDs. Bounded in time ({@link #timeoutMillis()}); never waits for
     * an answer. Call it from the collector's own threads, not from an event method.
     *
     * @throws IOException if the node cannot be reached
     */
    void send(List<Utid> destination, byte[] message) throws IOException;

    /**
     * Sends {@code request} to this collector's peer on the node reachable at one of
     * {@code destination}'s UTIDs and returns its answer (what its
     * {@link DistributedCollector#onRequest} wrote). Blocks at most {@link #timeoutMillis()};
     * call it from the collector's own threads, never from an event method.
     *
     * @return the answer, {@code [position, limit)}; valid until the thread's next call
     * @throws IOException if the node cannot be reached, or has no collector of that name
     *                     ({@link java.rmi.NoSuchObjectException}), or did not answer in time
     */
    WireBuffer call(List<Utid> destination, byte[] request) throws IOException;

    /**
     * Tells the reference layer that no other node references {@code id} any more. If every
     * collector that has seen references to it agrees, it calls
     * {@code java.rmi.server.Unreferenced.unreferenced()} on the object (if it implements it)
     * and stops holding the object strongly: the object leaves the table once the
     * application no longer holds it either, unless a registry of its node binds it. A later
     * reference sent for it makes it referenced again. Idempotent.
     */
    void unreferenced(ObjectId id);
}
