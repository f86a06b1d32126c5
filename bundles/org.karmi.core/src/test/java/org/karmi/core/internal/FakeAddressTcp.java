package org.karmi.core.internal;

import java.io.IOException;
import java.net.UnknownHostException;

import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;
import org.karmi.tech.tcp.internal.TcpSettings;
import org.karmi.tech.tcp.internal.TcpTechnology;

/** A TCP technology that announces an address of another host (TEST-NET-3) while it runs on this one: a lying caller. */
final class FakeAddressTcp implements Technology {

    private final TcpTechnology real = new TcpTechnology(TcpSettings.defaults().withPort(0));

    @Override public String name() { return real.name(); }
    @Override public void start(TechnologyContext context) throws IOException { real.start(context); }
    @Override public Utid localUtid() { return new Utid("tcp", new byte[] {(byte) 203, 0, 113, 5, 1, 0}); }
    @Override public boolean canReach(Utid utid) { return real.canReach(utid); }
    @Override public Utid utidFor(String host, int port) throws UnknownHostException { return real.utidFor(host, port); }
    @Override public Connection acquire(Utid remote, long timeoutMillis) throws IOException { return real.acquire(remote, timeoutMillis); }
    @Override public TechnologyStatistics statistics() { return real.statistics(); }
    @Override public void close() { real.close(); }
}
