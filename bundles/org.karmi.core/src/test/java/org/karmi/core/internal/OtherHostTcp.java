package org.karmi.core.internal;

import java.io.IOException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Handshake;
import org.karmi.spi.transport.InboundHandler;
import org.karmi.spi.transport.ServerConnection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;
import org.karmi.spi.transport.WireBuffer;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/**
 * A server-side TCP technology whose inbound connections report every peer as being on
 * another host, as if its sockets' remote addresses were foreign: it plays the server seen
 * from a remote caller. Everything else is the real TCP technology.
 */
final class OtherHostTcp implements Technology {

    private final TcpTechnology real = new TcpTechnology(TcpSettings.defaults().withPort(0));
    private final Map<ServerConnection, Remote> wrappers = new ConcurrentHashMap<>();

    @Override public String name() { return real.name(); }

    @Override
    public void start(TechnologyContext context) throws IOException {
        InboundHandler h = context.inbound();
        InboundHandler wrapped = new InboundHandler() {
            @Override public void onCall(ServerConnection c) { h.onCall(wrap(c)); }
            @Override public void onOneWay(ServerConnection c, WireBuffer m) { h.onOneWay(wrap(c), m); }
            @Override public void onClosed(ServerConnection c) {
                Remote r = wrappers.remove(c);
                h.onClosed(r == null ? c : r);
            }
        };
        real.start(new TechnologyContext() {
            @Override public long nodeId() { return context.nodeId(); }
            @Override public String serializerName() { return context.serializerName(); }
            @Override public int serializerVersion() { return context.serializerVersion(); }
            @Override public List<Utid> nodeUtids() { return context.nodeUtids(); }
            @Override public InboundHandler inbound() { return wrapped; }
            @Override public long ioTimeoutMillis() { return context.ioTimeoutMillis(); }
        });
    }

    private ServerConnection wrap(ServerConnection c) {
        return wrappers.computeIfAbsent(c, Remote::new);
    }

    @Override public Utid localUtid() { return real.localUtid(); }
    @Override public boolean canReach(Utid utid) { return real.canReach(utid); }
    @Override public Utid utidFor(String host, int port) throws UnknownHostException { return real.utidFor(host, port); }
    @Override public Connection acquire(Utid remote, long timeoutMillis) throws IOException { return real.acquire(remote, timeoutMillis); }
    @Override public TechnologyStatistics statistics() { return real.statistics(); }
    @Override public void close() { real.close(); }

    /** A server connection whose peer is on another host. */
    private record Remote(ServerConnection c) implements ServerConnection {
        @Override public boolean peerOnThisHost() { return false; }
        @Override public long remoteNodeId() { return c.remoteNodeId(); }
        @Override public Handshake remoteHandshake() { return c.remoteHandshake(); }
        @Override public Technology technology() { return c.technology(); }
        @Override public WireBuffer request() { return c.request(); }
        @Override public WireBuffer reply() { return c.reply(); }
        @Override public void sendReply() throws IOException { c.sendReply(); }
        @Override public void close() { c.close(); }
        @Override public Object attachment() { return c.attachment(); }
        @Override public void attach(Object attachment) { c.attach(attachment); }
    }
}
