package org.karmi.core.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.rmi.RemoteException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * The node's distributed collectors and the {@link CollectorContext} they share: every
 * event goes to every collector; an object is let go only when every collector says it is
 * unreferenced (so swapping collectors never frees a referenced object). With no collector
 * an exported object stays until it is unexported. Thread-safe.
 */
final class Collectors {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    private final KarmiNode node;
    private final CopyOnWriteArrayList<DistributedCollector> all = new CopyOnWriteArrayList<>();

    Collectors(KarmiNode node) {
        this.node = node;
    }

    void add(DistributedCollector c) {
        c.start(new Context(c.name()));
        all.add(c);
    }

    void remove(DistributedCollector c) {
        if (all.remove(c)) {
            c.stop();
        }
    }

    void stopAll() {
        for (DistributedCollector c : all) {
            remove(c);
        }
    }

    boolean isEmpty() {
        return all.isEmpty();
    }

    void exported(ObjectId id) {
        for (DistributedCollector c : all) {
            c.exported(id);
        }
    }

    void unexported(ObjectId id) {
        for (DistributedCollector c : all) {
            c.unexported(id);
        }
    }

    void referenceSent(ObjectId id, long toNode) {
        for (DistributedCollector c : all) {
            c.referenceSent(id, toNode);
        }
    }

    void referenceReceived(ObjectId id, List<Utid> owner) {
        for (DistributedCollector c : all) {
            c.referenceReceived(id, owner);
        }
    }

    void referenceUnreachable(ObjectId id) {
        for (DistributedCollector c : all) {
            c.referenceUnreachable(id);
        }
    }

    void onMessage(String collector, long fromNode, WireBuffer message) {
        for (DistributedCollector c : all) {
            if (c.name().equals(collector)) {
                c.onMessage(fromNode, message);
                return;
            }
        }
    }

    /** Lets go of {@code id} if every collector agrees it is unreferenced. */
    void unreferenced(ObjectId id) {
        for (DistributedCollector c : all) {
            if (c.isReferenced(id)) {
                return;
            }
        }
        try {
            node.unreferenced(id);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "unreferenced " + id + " failed", e);
        }
    }

    /** The context of one collector: its messages carry its name. */
    private final class Context implements CollectorContext {

        private final String name;

        Context(String name) {
            this.name = name;
        }

        @Override
        public long nodeId() {
            return node.nodeId();
        }

        @Override
        public void send(List<Utid> destination, byte[] message) throws IOException {
            Route route = node.technologies().choose(0, destination);
            Connection c;
            try {
                c = route.technology.acquire(route.utid, node.config().connectTimeoutMillis);
            } catch (IOException e) {
                throw Failures.connectFailed(destination, e);
            }
            try {
                WireBuffer out = c.request();
                CallPayload.writeCollectorMessage(out, name, message);
                c.oneWay();
                c.release();
            } catch (IOException | RuntimeException e) {
                c.discard();
                throw e instanceof RemoteException r ? r : new RemoteException("collector message not sent: " + e, e);
            }
        }

        @Override
        public void unreferenced(ObjectId id) {
            Collectors.this.unreferenced(id);
        }
    }
}
