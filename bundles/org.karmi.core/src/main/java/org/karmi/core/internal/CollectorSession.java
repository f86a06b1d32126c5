package org.karmi.core.internal;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.rmi.NoSuchObjectException;
import java.rmi.RemoteException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import org.karmi.spi.dgc.CollectorContext;
import org.karmi.spi.dgc.CollectorStatistics;
import org.karmi.spi.dgc.DistributedCollector;
import org.karmi.spi.ref.ObjectId;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * One installed collector as the {@link CollectorHub} runs it: the {@link CollectorContext} it
 * was started with (its messages go out as ONE_WAY frames and as calls to
 * {@link ObjectTable#COLLECTOR_NUMBER}, {@code docs/PROTOCOL.md} 5.5), its counters, the state
 * its predecessor handed over, and the gate that lets events reach it only until it stops.
 * Thread-safe.
 */
final class CollectorSession implements CollectorContext {

    private static final System.Logger LOG = System.getLogger("org.karmi.core");

    final DistributedCollector collector;
    final LongAdder messagesSent = new LongAdder();
    final LongAdder bytesSent = new LongAdder();
    final LongAdder messagesReceived = new LongAdder();
    final LongAdder bytesReceived = new LongAdder();
    final LongAdder unreferenced = new LongAdder();
    final byte[] handedOver;
    /** Events being delivered now; a stopping collector waits for them (see {@link #drain}). */
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean stopping;

    private final CollectorHub.Node node;
    private final NodeSettings settings;
    private final Technologies technologies;

    CollectorSession(DistributedCollector collector, byte[] handedOver, CollectorHub.Node node, NodeSettings settings,
            Technologies technologies) {
        this.collector = collector;
        this.handedOver = handedOver;
        this.node = node;
        this.settings = settings;
        this.technologies = technologies;
    }

    boolean enter() {
        inFlight.incrementAndGet();
        if (stopping) {
            inFlight.decrementAndGet();
            return false;
        }
        return true;
    }

    void exit() {
        inFlight.decrementAndGet();
    }

    /** Refuses new events and waits (bounded) for those being delivered: event methods never block. */
    void drain() {
        stopping = true;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CollectorHub.DRAIN_MILLIS);
        while (inFlight.get() > 0) {
            if (System.nanoTime() > deadline) {
                LOG.log(Level.WARNING, "collector {0} still busy with an event after {1} ms: handed over anyway",
                        collector.name(), CollectorHub.DRAIN_MILLIS);
                return;
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }

    @Override
    public byte[] handedOver() {
        return handedOver == null ? null : handedOver.clone();
    }

    void sent(int bytes) {
        messagesSent.increment();
        bytesSent.add(bytes);
    }

    void received(int bytes) {
        messagesReceived.increment();
        bytesReceived.add(bytes);
    }

    CollectorStatistics statistics() {
        return new CollectorStatistics(messagesSent.sum(), bytesSent.sum(), messagesReceived.sum(),
                bytesReceived.sum(), unreferenced.sum());
    }

    @Override
    public long nodeId() {
        return node.nodeId();
    }

    @Override
    public List<Utid> nodeUtids() {
        return node.nodeUtids();
    }

    @Override
    public long timeoutMillis() {
        NodeConfig c = settings.get();
        return c.connectTimeoutMillis + c.ioTimeoutMillis;
    }

    @Override
    public void send(List<Utid> destination, byte[] message) throws IOException {
        Connection c = acquire(destination);
        try {
            WireBuffer out = c.request();
            CallPayload.writeCollectorMessage(out, collector.name(), message);
            c.oneWay();
            c.release();
            sent(message.length);
        } catch (IOException | RuntimeException e) {
            c.discard();
            throw e instanceof RemoteException r ? r : new RemoteException("collector message not sent: " + e, e);
        }
    }

    @Override
    public WireBuffer call(List<Utid> destination, byte[] request) throws IOException {
        Connection c = acquire(destination);
        try {
            WireBuffer out = c.request();
            CallPayload.writeCallHeader(out, 0, ObjectTable.COLLECTOR_NUMBER, 0);
            CallPayload.writeCollectorName(out, collector.name());
            out.writeBytes(request, 0, request.length);
            sent(request.length);
            WireBuffer in = c.call(settings.get().ioTimeoutMillis);
            byte status = in.readByte();
            if (status == CallPayload.STATUS_RETURN) {
                WireBuffer answer = new WireBuffer(Math.max(16, in.remaining()));
                answer.writeBytes(in.array, in.position, in.remaining());
                answer.flipForRead(0, answer.position);
                c.release();
                received(answer.remaining());
                return answer;
            }
            int code = status == CallPayload.STATUS_FAILURE ? CallPayload.readFailureCode(in) : -1;
            String text = code < 0 ? "unexpected reply status " + status : CallPayload.readFailureMessage(in);
            c.release();
            throw code == CallPayload.FAILURE_NO_SUCH_OBJECT ? new NoSuchObjectException(text)
                    : new RemoteException("collector request refused: " + text);
        } catch (RemoteException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            c.discard();
            throw new RemoteException("collector request failed: " + e, e);
        }
    }

    private Connection acquire(List<Utid> destination) throws IOException {
        Route route = technologies.choose(0, destination);
        try {
            return route.technology.acquire(route.utid, settings.get().connectTimeoutMillis);
        } catch (IOException e) {
            throw Failures.connectFailed(destination, e);
        }
    }

    @Override
    public void unreferenced(ObjectId id) {
        try {
            if (node.unreferenced(id)) {
                unreferenced.increment();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "unreferenced " + id + " failed", e);
        }
    }
}
