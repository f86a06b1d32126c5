package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.karmi.spi.transport.InboundByteBudget;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.SerialFormat;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;

/**
 * A tiny node for tests: a {@link TechnologyContext} whose handler understands a few commands
 * (first payload byte): 'E' echo, 'S' sleep (int millis) then echo, 'T' throw, 'A' echo
 * answered from another thread, 'N' answer only the request's length (an int). Thread-safe.
 */
final class TestContext implements TechnologyContext, InboundHandler {

    final long nodeId;
    final String serializer;
    final int serializerVersion;
    final long ioTimeoutMillis;
    /** The serializers this node offers in its hello (default: only {@link #serializer}). */
    volatile List<SerialFormat> offered;
    final AtomicInteger closedConnections = new AtomicInteger();
    final List<byte[]> oneWays = new CopyOnWriteArrayList<>();
    final CountDownLatch callStarted = new CountDownLatch(1);
    /** The node's inbound byte budget (unlimited unless a test sets one before starting a technology). */
    volatile InboundByteBudget budget = InboundByteBudget.UNLIMITED;
    private final ExecutorService replier = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "test-replier");
        t.setDaemon(true);
        return t;
    });

    TestContext(long nodeId) {
        this(nodeId, "jdk", 1, 2000);
    }

    TestContext(long nodeId, String serializer, int serializerVersion, long ioTimeoutMillis) {
        this.nodeId = nodeId;
        this.serializer = serializer;
        this.serializerVersion = serializerVersion;
        this.ioTimeoutMillis = ioTimeoutMillis;
    }

    @Override public long nodeId() { return nodeId; }
    @Override public String serializerName() { return serializer; }
    @Override public int serializerVersion() { return serializerVersion; }
    @Override public List<Utid> nodeUtids() { return List.of(); }
    @Override public List<SerialFormat> serialFormats() {
        return offered != null ? offered : List.of(new SerialFormat(serializer, serializerVersion));
    }
    @Override public InboundHandler inbound() { return this; }
    @Override public long ioTimeoutMillis() { return ioTimeoutMillis; }
    @Override public InboundByteBudget inboundBudget() { return budget; }

    @Override
    public void onCall(ServerConnection c) {
        WireBuffer in = c.request();
        byte command = in.array[in.position];
        switch (command) {
            case 'S' -> {
                callStarted.countDown();
                int millis = WireBuffer.getInt(in.array, in.position + 1);
                try {
                    Thread.sleep(millis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                echo(c);
            }
            case 'T' -> throw new IllegalStateException("test handler told to throw");
            case 'P' -> { // the port the call arrived on and the peer's host, as the connection observed them
                WireBuffer out = c.reply();
                out.writeInt(c.localPort());
                byte[] host = String.valueOf(c.peerHost()).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                out.writeBytes(host, 0, host.length);
                send(c);
            }
            case 'F' -> { // the serializer this end agreed on in the handshake
                byte[] name = c.localHandshake().serializerName().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                c.reply().writeBytes(name, 0, name.length);
                send(c);
            }
            case 'N' -> {
                int length = in.remaining();
                c.reply().writeInt(length);
                send(c);
            }
            case 'A' -> {
                byte[] copy = java.util.Arrays.copyOfRange(in.array, in.position, in.limit);
                replier.execute(() -> {
                    WireBuffer out = c.reply();
                    out.writeBytes(copy, 0, copy.length);
                    send(c);
                });
            }
            default -> echo(c);
        }
    }

    private static void echo(ServerConnection c) {
        WireBuffer in = c.request();
        WireBuffer out = c.reply();
        out.writeBytes(in.array, in.position, in.remaining());
        send(c);
    }

    private static void send(ServerConnection c) {
        try {
            c.sendReply();
        } catch (IOException e) {
            c.close();
        }
    }

    @Override
    public void onOneWay(ServerConnection c, WireBuffer message) {
        oneWays.add(java.util.Arrays.copyOfRange(message.array, message.position, message.limit));
    }

    @Override
    public void onClosed(ServerConnection c) {
        closedConnections.incrementAndGet();
    }

    void shutdown() {
        replier.shutdownNow();
    }
}
