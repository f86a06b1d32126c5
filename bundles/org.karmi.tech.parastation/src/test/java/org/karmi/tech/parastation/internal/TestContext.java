package org.karmi.tech.parastation.internal;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/** A tiny reference layer for tests: echoes calls, records one-way messages and closes. Thread-safe. */
public final class TestContext implements TechnologyContext, InboundHandler {

    private final long nodeId = ThreadLocalRandom.current().nextLong();
    private final String serializer;
    private final long ioTimeoutMillis;
    private volatile Supplier<List<Utid>> utids = List::of;
    /** Payloads of one-way messages received, in order. */
    public final BlockingQueue<byte[]> oneWays = new LinkedBlockingQueue<>();
    /** Node ids the technology reported dead, in order. */
    public final BlockingQueue<Long> deadPeers = new LinkedBlockingQueue<>();
    /** Number of onClosed callbacks. */
    public final AtomicInteger closed = new AtomicInteger();
    /** Runs before each one-way message is recorded (tests stall it). */
    public volatile Runnable beforeOneWay = () -> { };
    /** What {@link ServerConnection#peerOnThisHost()} said on the last call. */
    public volatile boolean lastPeerOnThisHost;
    /** The node's inbound byte budget (tests set a small one before starting the technology). */
    public volatile InboundByteBudget budget = InboundByteBudget.UNLIMITED;

    public TestContext(String serializer, long ioTimeoutMillis) {
        this.serializer = serializer;
        this.ioTimeoutMillis = ioTimeoutMillis;
    }

    public TestContext() {
        this("uka", 5_000);
    }

    public void utids(Supplier<List<Utid>> s) {
        utids = s;
    }

    @Override public long nodeId() { return nodeId; }
    @Override public String serializerName() { return serializer; }
    @Override public int serializerVersion() { return 1; }
    @Override public List<Utid> nodeUtids() { return utids.get(); }
    @Override public InboundHandler inbound() { return this; }
    @Override public long ioTimeoutMillis() { return ioTimeoutMillis; }
    @Override public InboundByteBudget inboundBudget() { return budget; }

    /** Echoes the request; a request starting with int -1 is answered after sleeping the next int ms. */
    @Override
    public void onCall(ServerConnection c) {
        lastPeerOnThisHost = c.peerOnThisHost();
        WireBuffer in = c.request();
        WireBuffer out = c.reply();
        try {
            if (in.remaining() >= 8 && WireBuffer.getInt(in.array, in.position) == -1) {
                Thread.sleep(WireBuffer.getInt(in.array, in.position + 4));
            }
            out.writeBytes(in.array, in.position, in.remaining());
            c.sendReply();
        } catch (Exception e) {
            c.close();
        }
    }

    @Override
    public void onOneWay(ServerConnection c, WireBuffer message) {
        beforeOneWay.run();
        byte[] copy = new byte[message.remaining()];
        System.arraycopy(message.array, message.position, copy, 0, copy.length);
        oneWays.add(copy);
    }

    @Override
    public void onClosed(ServerConnection c) {
        closed.incrementAndGet();
    }

    @Override
    public void onPeerDied(long node) {
        deadPeers.add(node);
    }
}
