package org.karmi.tech.tcp.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the tcp technology (PID {@value TcpTechnologyComponent#PID}); defaults in {@link TcpSettings}. */
@ObjectClassDefinition(name = "KaRMI TCP technology",
        description = "Where the node listens for KaRMI calls over TCP and how it treats its connections.")
@interface TcpConfiguration {

    @AttributeDefinition(description = "Address to bind and advertise. Loopback by default; "
            + "0.0.0.0 binds every interface and advertises the local host's address.")
    String host() default TcpSettings.DEFAULT_HOST;

    @AttributeDefinition(description = "Port to bind (0 = ephemeral).", min = "0", max = "65535")
    int port() default TcpSettings.DEFAULT_PORT;

    @AttributeDefinition(description = "A pooled client connection unused this long is closed (ms).", min = "1")
    long idleTimeoutMillis() default TcpSettings.DEFAULT_IDLE_TIMEOUT_MILLIS;

    @AttributeDefinition(description = "Upper bound on establishing a TCP connection (ms).", min = "1")
    long connectTimeoutMillis() default TcpSettings.DEFAULT_CONNECT_TIMEOUT_MILLIS;

    @AttributeDefinition(description = "Largest frame (12-byte header + payload) sent or accepted, in bytes.",
            min = "65548")
    int maxFrameBytes() default TcpSettings.DEFAULT_MAX_FRAME_BYTES;

    @AttributeDefinition(description = "How long a reader polls for data before blocking (µs, 0 = block at once).",
            min = "0", max = "1000000")
    long spinMicros() default TcpSettings.DEFAULT_SPIN_MICROS;

    @AttributeDefinition(description = "Most inbound connections served at once; more are refused.", min = "1")
    int maxConnections() default TcpSettings.DEFAULT_MAX_CONNECTIONS;
}
