package org.karmi.dgc.lease.internal;

import org.karmi.spi.dgc.DistributedCollector;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Registers the {@code lease} {@link DistributedCollector} service configured through
 * {@link LeaseConfiguration}: it is the collector, adding only its configuration (a lease
 * of 0 falls back to the system property {@code java.rmi.dgc.leaseValue}).
 * A changed configuration applies to leases from then on, without a restart. Thread-safe as
 * {@link LeaseCollector}.
 */
@Component(service = DistributedCollector.class, configurationPid = LeaseCollectorComponent.PID,
        property = DistributedCollector.PROPERTY_NAME + "=" + LeaseCollector.NAME)
@Designate(ocd = LeaseConfiguration.class)
public final class LeaseCollectorComponent extends LeaseCollector {

    /** Configuration PID. */
    public static final String PID = "org.karmi.dgc.lease";

    @Activate
    public LeaseCollectorComponent(LeaseConfiguration config) {
        super(LeaseSettings.from(config, System::getProperty));
    }

    @Modified
    void modified(LeaseConfiguration config) {
        configure(LeaseSettings.from(config, System::getProperty));
    }

    /** Ends the thread even if the reference layer did not stop this collector (it does when it lets it go). */
    @Deactivate
    void deactivate() {
        stop();
    }
}
