package org.karmi.dgc.cluster.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of the cluster collector's configuration (PID {@value ClusterCollectorComponent#PID}). */
@ObjectClassDefinition(name = "KaRMI cluster collector",
        description = "Indirect reference counting for reliable in-order domains (ParaStation): no leases, no timers,"
                + " no message on the call path")
@interface ClusterConfiguration {

    @AttributeDefinition(description = "How long (ms) the flusher, woken by a first decrement, gathers more before it"
            + " sends one message per node (0: at once)")
    long batchWindowMillis() default ClusterConfig.DEFAULT_BATCH_WINDOW_MILLIS;

    @AttributeDefinition(description = "Most decrement entries in one message (1 to 65535); more are split")
    int maxIdsPerMessage() default ClusterConfig.DEFAULT_MAX_IDS_PER_MESSAGE;
}
