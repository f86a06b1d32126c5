package org.karmi.tech.tcp.internal;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.karmi.spi.transport.Technology;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Registers a {@link TcpTechnology} built from the configuration {@link TcpConfiguration}
 * describes as the {@code tcp} {@link Technology} service: the plain-Java technology itself is
 * the service, so no SPI method can be lost in forwarding. A changed configuration replaces
 * only the technology (the runtime drops the old one and starts the new one; its node id and
 * exports stay), with one log line naming the changed keys. DS serialises the life-cycle calls.
 */
@Component(configurationPid = TcpTechnologyComponent.PID, service = {})
@Designate(ocd = TcpConfiguration.class)
// the service registered by hand, announced to resolvers as DS would announce it
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=org.karmi.spi.transport.Technology",
        uses = Technology.class)
public final class TcpTechnologyComponent {

    /** Configuration PID. */
    public static final String PID = "org.karmi.tech.tcp";

    private static final System.Logger LOG = System.getLogger("org.karmi.tech.tcp");

    /** Both halves of the technology's settings. */
    record Settings(TcpSettings tcp, TlsSettings tls, List<String> socketFactories) {
        Settings(TcpSettings tcp, TlsSettings tls) {
            this(tcp, tls, List.of());
        }
    }

    private final BundleContext context;
    private Settings settings;
    private TcpTechnology technology;
    private ServiceRegistration<Technology> registration;

    /**
     * Settings come from the configuration ({@link TcpConfiguration} describes the keys); a key
     * not configured falls back to the framework (or system) property {@code karmi.tcp.<key>},
     * then to its default. So a launcher or a test container can move the port without
     * Configuration Admin, e.g. {@code -Dkarmi.tcp.port=0}.
     *
     * @throws IllegalArgumentException naming a bad value (the component then does not activate)
     */
    @Activate
    public TcpTechnologyComponent(Map<String, Object> properties, BundleContext context) {
        this.context = context;
        this.settings = settings(properties, context);
        register();
    }

    /** Applies a changed configuration: a new technology when any setting differs, none otherwise. */
    @Modified
    void modified(Map<String, Object> properties) {
        Settings next = settings(properties, context);
        List<String> changed = changes(settings, next);
        if (changed.isEmpty()) {
            return;
        }
        LOG.log(System.Logger.Level.INFO, "tcp configuration changed (" + String.join(", ", changed)
                + "): restarting the tcp technology; the node keeps its id and exports");
        unregister();
        settings = next;
        register();
    }

    @Deactivate
    void deactivate() {
        unregister();
    }

    /** The registered technology (tests). */
    TcpTechnology technology() {
        return technology;
    }

    static Settings settings(Map<String, Object> properties, BundleContext context) {
        UnaryOperator<String> lookup = key -> {
            Object configured = properties.get(key);
            return configured != null ? String.valueOf(configured) : context.getProperty(TcpSettings.PROPERTY_PREFIX + key);
        };
        return new Settings(TcpSettings.fromProperties(lookup), TlsSettings.fromProperties(lookup),
                ClientFactories.parse(socketFactories(properties.get(ClientFactories.KEY), lookup)));
    }

    /** A configured {@value ClientFactories#KEY} value: a String, or a String array or list (Metatype cardinality). */
    private static String socketFactories(Object configured, UnaryOperator<String> lookup) {
        if (configured instanceof String[] a) {
            return String.join(",", a);
        }
        if (configured instanceof java.util.Collection<?> c) {
            return String.join(",", c.stream().map(String::valueOf).toList());
        }
        return lookup.apply(ClientFactories.KEY);
    }

    /** {@code key old -> new} for each setting that differs; TLS changes without their values (passwords). */
    static List<String> changes(Settings before, Settings after) {
        List<String> out = new ArrayList<>();
        try {
            for (RecordComponent c : TcpSettings.class.getRecordComponents()) {
                Object a = c.getAccessor().invoke(before.tcp());
                Object b = c.getAccessor().invoke(after.tcp());
                if (!a.equals(b)) {
                    out.add(c.getName() + " " + a + " -> " + b);
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        if (!before.socketFactories().equals(after.socketFactories())) {
            out.add(ClientFactories.KEY + " " + before.socketFactories() + " -> " + after.socketFactories());
        }
        if (!before.tls().equals(after.tls())) {
            out.add("tls settings");
        }
        return out;
    }

    private void register() {
        technology = new TcpTechnology(settings.tcp(), settings.tls(), null, settings.socketFactories());
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Technology.PROPERTY_NAME, technology.name());
        registration = context.registerService(Technology.class, technology, props);
    }

    private void unregister() {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the bundle is stopping
            }
            registration = null;
        }
        if (technology != null) {
            technology.close();
            technology = null;
        }
    }
}
