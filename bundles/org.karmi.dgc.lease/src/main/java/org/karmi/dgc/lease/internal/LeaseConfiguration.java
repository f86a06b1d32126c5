package org.karmi.dgc.lease.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the lease collector (PID {@value LeaseCollectorComponent#PID}); defaults in {@link LeaseSettings}. */
@ObjectClassDefinition(name = "KaRMI lease collector",
        description = "Distributed garbage collection with leases, as java.rmi: how long a lease lasts and how "
                + "dropped references are reported.")
@interface LeaseConfiguration {

    @AttributeDefinition(description = "Lease this node asks for and the longest it grants (ms). 0 = the system "
            + "property java.rmi.dgc.leaseValue, else 600000 (ten minutes). A change applies to leases granted "
            + "or asked for from then on.", min = "0")
    long leaseMillis() default 0;

    @AttributeDefinition(description = "How long a CLEAN waits for more dropped references of the same owner (ms).",
            min = "0")
    long cleanBatchMillis() default LeaseSettings.DEFAULT_CLEAN_BATCH_MILLIS;

    @AttributeDefinition(description = "How often an unanswered CLEAN is sent again before the lease is left to "
            + "expire on its own.", min = "0")
    int maxCleanRetries() default LeaseSettings.DEFAULT_MAX_CLEAN_RETRIES;
}
