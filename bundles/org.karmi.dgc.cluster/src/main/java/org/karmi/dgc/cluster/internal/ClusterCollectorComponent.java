package org.karmi.dgc.cluster.internal;

import org.karmi.spi.dgc.DistributedCollector;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Registers the {@code cluster} {@link DistributedCollector} service in OSGi: the collector
 * itself, built from its configuration (a subclass, so nothing is forwarded by hand).
 * Thread-safe (the collector is).
 */
@Component(service = DistributedCollector.class, configurationPid = ClusterCollectorComponent.PID,
        property = DistributedCollector.PROPERTY_NAME + "=" + ClusterCollector.NAME)
@Designate(ocd = ClusterConfiguration.class)
public final class ClusterCollectorComponent extends ClusterCollector {

    /** Configuration PID. */
    public static final String PID = "org.karmi.dgc.cluster";

    @Activate
    public ClusterCollectorComponent(ClusterConfiguration c) {
        super(new ClusterConfig(c.batchWindowMillis(), c.maxIdsPerMessage()));
    }

    /** Stops the flusher if the reference layer has not (stopping twice is harmless). */
    @Deactivate
    void deactivate() {
        stop();
    }
}
