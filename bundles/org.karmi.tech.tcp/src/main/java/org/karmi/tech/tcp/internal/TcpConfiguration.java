package org.karmi.tech.tcp.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
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

    @AttributeDefinition(description = "Most inbound connections served at once. At the limit the longest-idle "
            + "one is retired to admit a new one; only when every one has a call in flight is a new one refused.",
            min = "1")
    int maxConnections() default TcpSettings.DEFAULT_MAX_CONNECTIONS;

    @AttributeDefinition(description = "An inbound connection with no call for this long is retired (ms).", min = "1")
    long serverIdleTimeoutMillis() default TcpSettings.DEFAULT_SERVER_IDLE_TIMEOUT_MILLIS;

    @AttributeDefinition(description = "At most one log line per interval for each kind of event a peer can cause "
            + "at will (refused connections, retired connections, failed handshakes, bad frames), with the count (ms).",
            min = "0")
    long logIntervalMillis() default TcpSettings.DEFAULT_LOG_INTERVAL_MILLIS;

    @AttributeDefinition(description = "Client socket factory classes (java.rmi RMIClientSocketFactory) a reference's "
            + "address may carry besides javax.rmi.ssl.SslRMIClientSocketFactory and the classes of factories this "
            + "application gave KaRMI: a.B, a.* (one package), a.** (with sub-packages); anything else is never "
            + "instantiated, and connecting to such a reference fails naming the class.", cardinality = 100)
    String[] socketFactories() default {};

    // TLS (key "tls.keyStore" etc.: an underscore in a method name is a dot in the key)

    @AttributeDefinition(description = "Speak TLS 1.3: the listener accepts only TLS (unless tls.keepPlaintext) "
            + "and this node connects with TLS; needs tls.keyStore and tls.trustStore.")
    boolean tls() default TlsSettings.DEFAULT_ENABLED;

    @AttributeDefinition(description = "PKCS#12 file with this node's private key and certificate "
            + "(its server and its client certificate).")
    String tls_keyStore() default "";

    @AttributeDefinition(description = "Password of tls.keyStore and of its key.", type = AttributeType.PASSWORD)
    String tls_keyStorePassword() default "";

    @AttributeDefinition(description = "PKCS#12 file with the certificates (or CA certificates) of the peers "
            + "this node trusts, as servers and as clients.")
    String tls_trustStore() default "";

    @AttributeDefinition(description = "Password of tls.trustStore.", type = AttributeType.PASSWORD)
    String tls_trustStorePassword() default "";

    @AttributeDefinition(description = "With TLS, refuse clients without a certificate tls.trustStore trusts "
            + "(mutual authentication).")
    boolean tls_clientAuth() default TlsSettings.DEFAULT_CLIENT_AUTH;

    @AttributeDefinition(description = "With TLS, still accept plaintext connections on the same port and "
            + "advertise a UTID without the TLS flag (for migrating a deployment).")
    boolean tls_keepPlaintext() default TlsSettings.DEFAULT_KEEP_PLAINTEXT;
}
