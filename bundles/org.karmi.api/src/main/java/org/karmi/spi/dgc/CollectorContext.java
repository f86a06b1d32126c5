package org.karmi.spi.dgc;

import java.io.IOException;
import java.util.List;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.osgi.annotation.versioning.ProviderType;

/**
 * What the reference layer offers a {@link DistributedCollector}. Implemented by the
 * reference layer; thread-safe.
 */
@ProviderType
public interface CollectorContext {

    /** This node's id. */
    long nodeId();

    /**
     * Sends {@code message} as a one-way message to this collector's peer on the node reachable
     * at one of {@code destination}'s UTIDs (the preferred technology that reaches it).
     * Bounded in time; never waits for an answer.
     *
     * @throws IOException if the node cannot be reached
     */
    void send(List<Utid> destination, byte[] message) throws IOException;

    /**
     * Tells the reference layer that no client references {@code id} any more: it calls
     * {@code java.rmi.server.Unreferenced.unreferenced()} on the object, if it implements it,
     * and lets the object go unless it was exported permanently.
     */
    void unreferenced(ObjectId id);
}
