package org.karmi.spi.dgc;

import java.util.List;

import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * A distributed garbage collector (KaRMI paper, section 4.4): decides when an exported
 * object is no longer referenced by any other node. The reference layer tells it what
 * happens to references and asks it before it lets an exported object go. Each technology
 * has its collector (configuration: technology name to collector name); the reference layer
 * hands a collector only the events of references that travel over its technologies.
 *
 * <h2>Events</h2>
 * <ul>
 * <li>Owner side (the node that exported the object): {@link #exported}, {@link #adopted},
 * {@link #unexported}, {@link #isReferenced}; the collector calls
 * {@link CollectorContext#unreferenced} when it finds an object unreferenced.</li>
 * <li>Any node that writes a reference to another node, owner or holder:
 * {@link #referenceSent}.</li>
 * <li>Client side: {@link #referenceReceived} for every reference read from a message,
 * {@link #referenceUnreachable} when the last stub on this node became unreachable.</li>
 * <li>Messages between the collectors of the same name on different nodes:
 * {@link CollectorContext#send} arrives in {@link #onMessage}, {@link CollectorContext#call}
 * in {@link #onRequest}.</li>
 * <li>{@link #peerFailed}: a technology found a node dead.</li>
 * </ul>
 *
 * <h2>Rules</h2>
 * Safety: a collector never reports an object unreferenced while another node still holds a
 * reachable stub for it or a reference to it is in transit; when in doubt it answers
 * "referenced". Event methods are called from many threads, often from a thread that is
 * marshalling a call: they are thread-safe, cheap, and never block on the network (network
 * work happens on the collector's own threads). Stopping and starting: the reference layer
 * keeps an object pinned while a collector that has seen references to it is absent, and a
 * collector that starts is told of every object exported before it ({@link #adopted}) and of
 * every live stub on its node ({@link #referenceReceived} with {@code fromNode} 0), see
 * {@code docs/DGC.md}.
 *
 * <h2>In OSGi</h2>
 * Register as a service with {@value #PROPERTY_NAME} = {@link #name()}.
 */
@ConsumerType
public interface DistributedCollector {

    /** Service property carrying the collector's name. */
    String PROPERTY_NAME = "karmi.collector";

    /** Short unique name (at most 32 ASCII characters): {@code lease}, {@code cluster}. */
    String name();

    /**
     * Called once before any other method; the context stays valid until {@link #stop()}. The
     * state a previous collector of this name handed over is in {@link CollectorContext#handedOver()}.
     */
    void start(CollectorContext context);

    /**
     * Stops timers and threads. Afterwards the reference layer keeps pinned every object this
     * collector may have seen references to; no method is called again.
     */
    void stop();

    /**
     * Called right before {@link #stop()}: the state a later collector of the same name on this
     * node should continue from (it reads it with {@link CollectorContext#handedOver()}), or
     * {@code null} (the default) for none. The bytes are the collector's own; the reference
     * layer keeps them in memory only. One-way messages for this collector that arrive while
     * no collector of its name is installed are kept (bounded) and delivered to the next one.
     */
    default byte[] handOver() {
        return null;
    }

    /**
     * Called once after {@link #start}, when the reference layer has told this collector of
     * every object exported before it ({@link #adopted}, {@link #exported}) and of every live
     * stub it governs ({@link #referenceReceived} with {@code fromNode} 0): a collector that
     * continues a handed-over state can now tell which of the holdings in that state were
     * dropped meanwhile. The default does nothing.
     */
    default void replayed() {
    }

    /** Owner side: an object was exported; no other node has a reference to it yet. */
    void exported(ObjectId id);

    /**
     * Owner side: an object exported before this collector started. Other nodes may hold
     * references to it that this collector never saw: it counts as referenced until the
     * collector has learnt otherwise (for example, one full lease without a renewal).
     */
    void adopted(ObjectId id);

    /** Owner side: an object was unexported (or collected); forget it. */
    void unexported(ObjectId id);

    /**
     * A reference to {@code id} is being written into a message to node {@code toNode}, on
     * this collector's technology. On the owner this is the moment a new client may appear;
     * on a holder it is the moment a reference it holds is passed on.
     */
    void referenceSent(ObjectId id, long toNode);

    /** Owner side: whether another node may still hold, or be receiving, a reference to {@code id}. */
    boolean isReferenced(ObjectId id);

    /**
     * Client side: a reference to the remote object {@code id} (owner node {@code id.nodeId()})
     * was read from a message of node {@code fromNode} (0 when the reference layer replays
     * the live stubs to a collector that just started).
     *
     * @param owner    the owner's UTIDs, as the reference carried them
     * @param from     the sender's UTIDs as its handshake announced them (empty if it listens nowhere)
     * @param firstOnNode whether no live stub for {@code id} existed on this node before
     */
    void referenceReceived(ObjectId id, List<Utid> owner, long fromNode, List<Utid> from, boolean firstOnNode);

    /** Client side: the last stub for {@code id} on this node became unreachable. */
    void referenceUnreachable(ObjectId id);

    /**
     * A one-way message from this collector's peer on node {@code fromNode} arrived (sent
     * with {@link CollectorContext#send}); payload in {@code [position, limit)}, valid only
     * during the call. Never throws: a malformed message is dropped (and may be logged).
     */
    void onMessage(long fromNode, WireBuffer message);

    /**
     * A request from this collector's peer on node {@code fromNode} arrived (sent with
     * {@link CollectorContext#call}): payload in {@code [position, limit)} of {@code request};
     * the collector writes its answer into {@code answer} from its position on. Runs on a
     * technology thread: answer at once, never block.
     *
     * @throws java.io.IOException if the request is malformed (the caller gets an error)
     */
    void onRequest(long fromNode, WireBuffer request, WireBuffer answer) throws java.io.IOException;

    /** A technology found node {@code node} dead (its process ended): release what it held. */
    void peerFailed(long node);
}
