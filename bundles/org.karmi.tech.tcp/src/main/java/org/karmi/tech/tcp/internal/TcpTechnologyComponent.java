package org.karmi.tech.tcp.internal;

import java.io.IOException;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.karmi.spi.transport.Connection;
import org.karmi.spi.transport.Technology;
import org.karmi.spi.transport.TechnologyContext;
import org.karmi.spi.transport.TechnologyStatistics;
import org.karmi.spi.transport.Utid;
import org.osgi.framework.BundleContext;
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

    /**
     * Settings come from the configuration ({@link TcpConfiguration} describes the keys); a key
     * not configured falls back to the framework (or system) property {@code karmi.tcp.<key>},
     * then to its default. So a launcher or a test container can move the port without
     * Configuration Admin, e.g. {@code -Dkarmi.tcp.port=0}.
     */
    @Activate
    public TcpTechnologyComponent(Map<String, Object> properties, BundleContext context) {
        this(lookup(properties, context));
    }

    private TcpTechnologyComponent(UnaryOperator<String> lookup) {
        this(TcpSettings.fromProperties(lookup), TlsSettings.fromProperties(lookup));
    }

    private static UnaryOperator<String> lookup(Map<String, Object> properties, BundleContext context) {
        return key -> {
            Object configured = properties.get(key);
            return configured != null ? String.valueOf(configured) : context.getProperty(TcpSettings.PROPERTY_PREFIX + key);
        };
    }

    /** A component over explicit settings (tests). */
    TcpTechnologyComponent(TcpSettings settings) {
        this(settings, TlsSettings.DISABLED);
    }

    /** A component over explicit settings, with TLS (tests). */
    TcpTechnologyComponent(TcpSettings settings, TlsSettings tls) {
        this.delegate = new TcpTechnology(settings, tls);
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
    // the SPI's default methods must be forwarded too, or the service silently loses them
    @Override public Utid utidFor(String host, int port) throws java.net.UnknownHostException { return delegate.utidFor(host, port); }
    @Override public String describe(Utid utid) { return delegate.describe(utid); }
    @Override public Utid listen(int port) throws IOException { return delegate.listen(port); }
    @Override public void unlisten(int port) { delegate.unlisten(port); }
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
