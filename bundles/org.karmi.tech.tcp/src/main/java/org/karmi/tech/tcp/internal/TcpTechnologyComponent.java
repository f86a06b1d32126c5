package org.karmi.tech.tcp.internal;

import java.io.IOException;
import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Registers the {@code tcp} {@link Technology} service, configured through
 * {@link TcpConfiguration}; a thin adapter over {@link TcpTechnology}. Thread-safe as its delegate;
 * a configuration change re-creates the component.
 */
@Component(service = Technology.class, configurationPid = TcpTechnologyComponent.PID,
        property = Technology.PROPERTY_NAME + "=" + TcpAddress.NAME)
@Designate(ocd = TcpConfiguration.class)
public final class TcpTechnologyComponent implements Technology {

    /** Configuration PID. */
    public static final String PID = "org.karmi.tech.tcp";

    private final TcpTechnology delegate;

    @Activate
    public TcpTechnologyComponent(TcpConfiguration config) {
        this.delegate = new TcpTechnology(new TcpSettings(config.host(), config.port(), config.idleTimeoutMillis(),
                config.connectTimeoutMillis(), config.maxFrameBytes(), config.spinMicros(), config.maxConnections()));
    }

    @Deactivate
    void deactivate() {
        delegate.close();
    }

    @Override public String name() { return delegate.name(); }
    @Override public void start(TechnologyContext context) throws IOException { delegate.start(context); }
    @Override public Utid localUtid() { return delegate.localUtid(); }
    @Override public boolean canReach(Utid utid) { return delegate.canReach(utid); }
    @Override public TechnologyStatistics statistics() { return delegate.statistics(); }
    @Override public void close() { delegate.close(); }

    @Override
    public Connection acquire(Utid remote, long timeoutMillis) throws IOException {
        return delegate.acquire(remote, timeoutMillis);
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
