package org.karmi.spi.dgc;

import java.util.List;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A distributed garbage collector (paper, section 4.4): decides when an exported object is
 * no longer referenced by any client. The reference layer tells it what happens to
 * references, and asks it before it lets an exported object go. Different technologies may
 * use different collectors (configuration: technology name to collector name).
 *
 * <p>Owner side (the node that exported the object): {@link #exported}, {@link #unexported},
 * {@link #referenceSent}, {@link #isReferenced}. Client side: {@link #referenceReceived},
 * {@link #referenceUnreachable}. A collector exchanges its own messages with its peers on
 * other nodes through {@link CollectorContext#send} and receives them in {@link #onMessage}.
 *
 * <p>Safety rule: a collector must never report an object unreferenced while a client still
 * holds a reachable stub to it; when in doubt it answers "referenced". Calls come from many
 * threads; implementations are thread-safe and never block the caller on the network.
 *
 * <h2>In OSGi</h2>
 * Register as a service with {@value #PROPERTY_NAME} = {@link #name()}.
 */
@ConsumerType
public interface DistributedCollector {

    /** Service property carrying the collector's name. */
    String PROPERTY_NAME = "karmi.collector";

    /** Short unique name: {@code lease}, {@code cluster}. */
    String name();

    /** Called once before any other method; the context stays valid until {@link #stop()}. */
    void start(CollectorContext context);

    /** Stops timers and threads; afterwards the reference layer keeps every object it still has. */
    void stop();

    /** Owner side: an object was exported. */
    void exported(ObjectId id);

    /** Owner side: an object was unexported; forget it. */
    void unexported(ObjectId id);

    /** Owner side: a reference to {@code id} is being sent to node {@code toNode}. */
    void referenceSent(ObjectId id, long toNode);

    /** Owner side: whether any client may still hold a reference to {@code id}. */
    boolean isReferenced(ObjectId id);

    /**
     * Client side: a reference to the remote object {@code id} arrived and a stub for it now
     * exists on this node. {@code owner} are the UTIDs of the owning node.
     */
    void referenceReceived(ObjectId id, List<Utid> owner);

    /** Client side: the last stub for {@code id} on this node became unreachable. */
    void referenceUnreachable(ObjectId id);

    /**
     * A message from this collector's peer on node {@code fromNode} arrived (sent with
     * {@link CollectorContext#send}); payload in {@code [position, limit)}, valid only during the call.
     */
    void onMessage(long fromNode, WireBuffer message);
}
