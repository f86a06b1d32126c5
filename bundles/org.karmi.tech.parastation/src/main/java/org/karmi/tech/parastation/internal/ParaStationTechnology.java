package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.util.List;

import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.ConnectionInfo;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;

/**
 * The {@code parastation} technology: user-level messaging between the JVMs of one host
 * through lock-free rings in memory-mapped files of a shared-memory directory (the domain),
 * with no system call on the data path while traffic flows (KaRMI paper, sections 4.3 and 5).
 * Plain Java: built by the OSGi component, by {@link java.util.ServiceLoader} (the no-arg
 * constructor reads {@code karmi.parastation.*} system properties) or by tests. Thread-safe.
 */
public final class ParaStationTechnology implements Technology {

    /** The technology's name, in its UTIDs and its service property. */
    public static final String NAME = ParaStationAddress.TECHNOLOGY_NAME;

    private final ParaStationConfig config;
    private volatile ParaStationNode node;
    private volatile TechnologyStatistics lastStatistics = new ParaStationStatistics();

    /** Configured from the {@code karmi.parastation.*} system properties. */
    public ParaStationTechnology() {
        this(ParaStationConfig.fromSystemProperties());
    }

    public ParaStationTechnology(ParaStationConfig config) {
        this.config = config;
    }

    public ParaStationConfig config() {
        return config;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public synchronized void start(TechnologyContext context) throws IOException {
        if (node != null) {
            throw new IllegalStateException("parastation technology already started (node " + node.port() + ")");
        }
        node = ParaStationNode.start(config, context, this);
    }

    /** The running node, or null (tests). */
    ParaStationNode node() {
        return node;
    }

    @Override
    public Utid localUtid() {
        ParaStationNode n = node;
        if (n == null) {
            throw new IllegalStateException("parastation technology not started");
        }
        return n.utid();
    }

    @Override
    public boolean canReach(Utid utid) {
        ParaStationNode n = node;
        return n != null && ParaStationAddress.inDomain(utid, n.domainId());
    }

    /** {@code parastation <domain id hex>:<port>}; another technology's UTID in hex. */
    @Override
    public String describe(Utid utid) {
        return ParaStationAddress.describe(utid);
    }

    @Override
    public Connection acquire(Utid remote, long timeoutMillis) throws IOException {
        ParaStationNode n = node;
        if (n == null) {
            throw new IOException("parastation technology not started");
        }
        return n.acquire(remote, timeoutMillis);
    }

    @Override
    public List<ConnectionInfo> connections() {
        ParaStationNode n = node;
        return n == null ? List.of() : n.connections();
    }

    @Override
    public TechnologyStatistics statistics() {
        ParaStationNode n = node;
        return n != null ? n.statistics() : lastStatistics;
    }

    @Override
    public synchronized void close() {
        ParaStationNode n = node;
        if (n != null) {
            node = null;
            lastStatistics = n.statistics();
            n.close();
        }
    }

    @Override
    public String toString() {
        ParaStationNode n = node;
        return "ParaStationTechnology[" + (n != null ? n : "stopped") + ", " + config + "]";
    }
}
