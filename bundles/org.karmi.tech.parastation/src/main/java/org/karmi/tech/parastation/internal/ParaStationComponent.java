package org.karmi.tech.parastation.internal;

import java.io.IOException;
import java.nio.file.Path;

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
 * Registers the {@code parastation} {@link Technology} service in OSGi: a thin adapter that
 * builds a {@link ParaStationTechnology} from its configuration and delegates every call.
 * Thread-safe (the delegate is).
 */
@Component(service = Technology.class, configurationPid = ParaStationComponent.PID,
        property = Technology.PROPERTY_NAME + "=" + ParaStationTechnology.NAME)
@Designate(ocd = ParaStationConfiguration.class)
public final class ParaStationComponent implements Technology {

    /** Configuration PID. */
    public static final String PID = "org.karmi.tech.parastation";

    private final ParaStationTechnology delegate;

    @Activate
    public ParaStationComponent(ParaStationConfiguration c) {
        this.delegate = new ParaStationTechnology(ParaStationConfig.builder()
                .domainDirectory(Path.of(c.domainDirectory()))
                .ringCapacity(c.ringCapacity())
                .spinTries(c.spinTries())
                .yieldTries(c.yieldTries())
                .minParkNs(c.minParkNs())
                .maxParkNs(c.maxParkNs())
                .deepIdleAfterMs(c.deepIdleAfterMs())
                .deepParkNs(c.deepParkNs())
                .receiveSpinNs(c.receiveSpinNs())
                .receiveYieldNs(c.receiveYieldNs())
                .wakeSafetyTimeoutMs(c.wakeSafetyTimeoutMs())
                .heartbeatIntervalMs(c.heartbeatIntervalMs())
                .livenessTimeoutMs(c.livenessTimeoutMs())
                .maxMessageBytes(c.maxMessageBytes())
                .idleConnectionTimeoutMs(c.idleConnectionTimeoutMs())
                .failureLogIntervalMs(c.failureLogIntervalMs())
                .maxConnections(c.maxConnections())
                .build());
    }

    @Deactivate
    void deactivate() {
        delegate.close();
    }

    @Override public String name() { return delegate.name(); }
    @Override public void start(TechnologyContext context) throws IOException { delegate.start(context); }
    @Override public Utid localUtid() { return delegate.localUtid(); }
    @Override public boolean canReach(Utid utid) { return delegate.canReach(utid); }
    @Override public String describe(Utid utid) { return delegate.describe(utid); }
    @Override public Connection acquire(Utid remote, long timeoutMillis) throws IOException {
        return delegate.acquire(remote, timeoutMillis);
    }
    @Override public TechnologyStatistics statistics() { return delegate.statistics(); }
    @Override public void close() { delegate.close(); }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
