package org.karmi.tech.parastation.internal;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

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
 * Registers a {@link ParaStationTechnology} built from the configuration
 * {@link ParaStationConfiguration} describes as the {@code parastation} {@link Technology}
 * service: the plain-Java technology itself is the service, so no SPI method can be lost in
 * forwarding. A changed configuration replaces only the technology (the runtime drops the old
 * one, whose node files go, and starts the new one; its node id and exports stay), with one log
 * line naming the changed keys. DS serialises the life-cycle calls.
 */
@Component(configurationPid = ParaStationComponent.PID, service = {})
@Designate(ocd = ParaStationConfiguration.class)
// the service registered by hand, announced to resolvers as DS would announce it
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=org.karmi.spi.transport.Technology",
        uses = Technology.class)
public final class ParaStationComponent {

    /** Configuration PID. */
    public static final String PID = "org.karmi.tech.parastation";

    private static final System.Logger LOG = System.getLogger("org.karmi.tech.parastation");

    private final BundleContext context;
    /** Every setting's effective value as read (null: the default), for naming what a change changes. */
    private Map<String, String> values;
    private ParaStationTechnology technology;
    private ServiceRegistration<Technology> registration;

    /**
     * Settings come from the configuration; a key not configured falls back to the framework (or
     * system) property {@code karmi.parastation.<key>}, then to its default, e.g.
     * {@code -Dkarmi.parastation.domainDirectory=/dev/shm/my-domain}.
     *
     * @throws IllegalArgumentException naming a bad value (the component then does not activate)
     */
    @Activate
    public ParaStationComponent(Map<String, Object> properties, BundleContext context) {
        this.context = context;
        Map<String, String> read = new TreeMap<>();
        register(read(properties, read), read);
    }

    /** Applies a changed configuration: a new technology when any setting differs, none otherwise. */
    @Modified
    void modified(Map<String, Object> properties) {
        Map<String, String> read = new TreeMap<>();
        ParaStationConfig next = read(properties, read);
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> e : read.entrySet()) {
            String before = values.get(e.getKey());
            if (!Objects.equals(before, e.getValue())) {
                changed.add(e.getKey() + " " + (before == null ? "default" : before) + " -> "
                        + (e.getValue() == null ? "default" : e.getValue()));
            }
        }
        if (changed.isEmpty()) {
            return;
        }
        LOG.log(System.Logger.Level.INFO, "parastation configuration changed (" + String.join(", ", changed)
                + "): restarting the parastation technology; the node keeps its id and exports");
        unregister();
        register(next, read);
    }

    @Deactivate
    void deactivate() {
        unregister();
    }

    /** The registered technology (tests). */
    ParaStationTechnology technology() {
        return technology;
    }

    private ParaStationConfig read(Map<String, Object> properties, Map<String, String> read) {
        return ParaStationConfig.from(key -> {
            Object configured = properties.get(key);
            String v = configured != null ? String.valueOf(configured)
                    : context.getProperty(ParaStationConfig.PROPERTY_PREFIX + key);
            read.put(key, v == null || v.isBlank() ? null : v.trim());
            return v;
        });
    }

    private void register(ParaStationConfig config, Map<String, String> read) {
        values = read;
        technology = new ParaStationTechnology(config);
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
