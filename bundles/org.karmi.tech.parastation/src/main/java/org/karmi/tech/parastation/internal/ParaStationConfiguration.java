package org.karmi.tech.parastation.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of the ParaStation technology's configuration (PID {@value ParaStationComponent#PID}). */
@ObjectClassDefinition(name = "KaRMI ParaStation technology",
        description = "Shared-memory messaging between the JVMs of one host")
@interface ParaStationConfiguration {

    @AttributeDefinition(description = "Shared-memory directory shared by the JVMs of one domain; its parent must exist")
    String domainDirectory() default ParaStationConfig.DEFAULT_DOMAIN_DIRECTORY;

    @AttributeDefinition(description = "Bytes per ring direction of each connection (a power of two)")
    int ringCapacity() default ParaStationConfig.DEFAULT_RING_CAPACITY;

    @AttributeDefinition(description = "Busy-spins of a sender facing a full ring before it yields")
    long spinTries() default ParaStationConfig.DEFAULT_SPIN_TRIES;

    @AttributeDefinition(description = "Yields of a sender facing a full ring before it parks")
    long yieldTries() default ParaStationConfig.DEFAULT_YIELD_TRIES;

    @AttributeDefinition(description = "First park period of a waiting thread, in ns (doubles up to maxParkNs)")
    long minParkNs() default ParaStationConfig.DEFAULT_MIN_PARK_NS;

    @AttributeDefinition(description = "Longest park period of a waiting thread, in ns (bounds idle wake-up latency)")
    long maxParkNs() default ParaStationConfig.DEFAULT_MAX_PARK_NS;

    @AttributeDefinition(description = "After parking this long (ms) without traffic, a waiting thread parks deepParkNs")
    long deepIdleAfterMs() default ParaStationConfig.DEFAULT_DEEP_IDLE_AFTER_MS;

    @AttributeDefinition(description = "Park period of a deeply idle thread, in ns (bounds the first call's wake-up after idling)")
    long deepParkNs() default ParaStationConfig.DEFAULT_DEEP_PARK_NS;

    @AttributeDefinition(description = "A receiver (caller awaiting a reply, server awaiting a call) spins this long, in ns")
    long receiveSpinNs() default ParaStationConfig.DEFAULT_RECEIVE_SPIN_NS;

    @AttributeDefinition(description = "A receiver yields until this long (ns) after its last message, then sleeps until a sender rings its doorbell")
    long receiveYieldNs() default ParaStationConfig.DEFAULT_RECEIVE_YIELD_NS;

    @AttributeDefinition(description = "Threads of the whole domain that may busy-wait at once (-1: as many as there are"
            + " processors); a receiver finding them all busy sleeps on its doorbell at once")
    int maxSpinningWaiters() default ParaStationConfig.DEFAULT_MAX_SPINNING_WAITERS;

    @AttributeDefinition(description = "Longest sleep of a receiver without a doorbell ring, in ms (covers a lost ring)")
    long wakeSafetyTimeoutMs() default ParaStationConfig.DEFAULT_WAKE_SAFETY_TIMEOUT_MS;

    @AttributeDefinition(description = "Heartbeat and liveness check interval, in ms")
    long heartbeatIntervalMs() default ParaStationConfig.DEFAULT_HEARTBEAT_INTERVAL_MS;

    @AttributeDefinition(description = "A peer whose heartbeat is older than this (ms) is considered dead")
    long livenessTimeoutMs() default ParaStationConfig.DEFAULT_LIVENESS_TIMEOUT_MS;

    @AttributeDefinition(description = "Largest frame accepted, in bytes (a larger announced length closes the"
            + " connection before anything is allocated)")
    int maxMessageBytes() default ParaStationConfig.DEFAULT_MAX_MESSAGE_BYTES;

    @AttributeDefinition(description = "Pooled client connections idle for longer than this (ms) are closed")
    long idleConnectionTimeoutMs() default ParaStationConfig.DEFAULT_IDLE_CONNECTION_TIMEOUT_MS;

    @AttributeDefinition(description = "Dead peers, channels closed for bad input and refused connect requests are logged"
            + " at most once per this interval (ms) and kind, with a count; each in full at DEBUG")
    long failureLogIntervalMs() default ParaStationConfig.DEFAULT_FAILURE_LOG_INTERVAL_MS;

    @AttributeDefinition(description = "Inbound connections served at once (a thread each); at the limit the longest-idle"
            + " one without a call in flight is closed to admit a new one, else the new one is refused")
    int maxConnections() default ParaStationConfig.DEFAULT_MAX_CONNECTIONS;
}
