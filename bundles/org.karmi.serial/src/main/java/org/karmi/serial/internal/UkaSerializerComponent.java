package org.karmi.serial.internal;

import java.util.Collection;
import java.util.Hashtable;
import java.util.Map;
import java.util.function.UnaryOperator;

import org.karmi.serial.UkaConfig;
import org.karmi.serial.UkaSerializer;
import org.karmi.spi.serial.Serializer;
import org.osgi.annotation.bundle.Capability;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.metatype.annotations.Designate;

/**
 * Registers a {@link UkaSerializer} configured as {@link UkaConfiguration} describes as the
 * {@code uka} {@link Serializer} service (ranking {@value #RANKING}): the plain-Java serializer
 * itself is the service, so no SPI method can be lost in forwarding. A changed configuration
 * registers a new serializer (before the old one goes), with one log line naming the changed
 * keys. DS serialises the life-cycle calls.
 */
@Component(configurationPid = UkaSerializerComponent.PID, service = {})
@Designate(ocd = UkaConfiguration.class)
// the service registered by hand, announced to resolvers as DS would announce it
@Capability(namespace = "osgi.service", attribute = "objectClass:List<String>=org.karmi.spi.serial.Serializer",
        uses = Serializer.class)
public final class UkaSerializerComponent {

    /** Configuration PID. */
    public static final String PID = "org.karmi.serial.uka";
    /** Prefix of the framework or system properties a key falls back to. */
    public static final String PROPERTY_PREFIX = "karmi.serial.uka.";
    /** Service ranking: above the jdk serializer, so that the runtime prefers uka. */
    public static final int RANKING = 10;

    static final String MAX_DEPTH = "maxDepth";
    static final String MAX_OBJECTS = "maxObjects";
    static final String MAX_TYPES = "maxTypes";
    static final String ALLOW = "allow";

    private static final System.Logger LOG = System.getLogger("org.karmi.serial");

    private final BundleContext context;
    private Map<String, String> values;
    private UkaSerializer serializer;
    private ServiceRegistration<Serializer> registration;

    /** @throws IllegalArgumentException naming a bad value (the component then does not activate) */
    @Activate
    public UkaSerializerComponent(Map<String, Object> properties, BundleContext context) {
        this.context = context;
        register(values(properties, context::getProperty));
    }

    /** Applies a changed configuration: a new serializer when any setting differs, none otherwise. */
    @Modified
    void modified(Map<String, Object> properties) {
        Map<String, String> next = values(properties, context::getProperty);
        if (next.equals(values)) {
            return;
        }
        StringBuilder changed = new StringBuilder();
        for (Map.Entry<String, String> e : next.entrySet()) {
            String before = values.get(e.getKey());
            if (!java.util.Objects.equals(before, e.getValue())) {
                changed.append(changed.length() == 0 ? "" : ", ").append(e.getKey()).append(' ')
                        .append(before == null ? "default" : before).append(" -> ")
                        .append(e.getValue() == null ? "default" : e.getValue());
            }
        }
        LOG.log(System.Logger.Level.INFO, "uka configuration changed (" + changed
                + "): registering a new uka serializer; connections opened from now on use it");
        // the new one first, so that a runtime never finds itself without a serializer
        ServiceRegistration<Serializer> old = registration;
        register(next);
        unregister(old);
    }

    @Deactivate
    void deactivate() {
        unregister();
    }

    /** The registered serializer (tests; the package is not exported). */
    public UkaSerializer serializer() {
        return serializer;
    }

    /** The configuration of component properties alone, without fallback (tests). */
    public static UkaConfig configFrom(Map<String, Object> properties) {
        return config(values(properties, key -> null));
    }

    /** Each key's effective value: configured, else the property {@code karmi.serial.uka.<key>}; null: default. */
    static Map<String, String> values(Map<String, Object> properties, UnaryOperator<String> frameworkProperty) {
        Map<String, String> v = new java.util.TreeMap<>();
        for (String key : new String[] {MAX_DEPTH, MAX_OBJECTS, MAX_TYPES, ALLOW}) {
            Object configured = properties.get(key);
            String value = configured != null ? text(configured) : frameworkProperty.apply(PROPERTY_PREFIX + key);
            if (value == null && key.equals(ALLOW)) {
                value = frameworkProperty.apply(UkaSerializer.ALLOW_PROPERTY);
            }
            v.put(key, value == null || value.isBlank() ? null : value.trim());
        }
        return v;
    }

    /** A String as it is, a String[] or collection (DS gives a multi-valued key so) as a comma list. */
    private static String text(Object value) {
        if (value instanceof String[]) {
            return String.join(",", (String[]) value);
        }
        if (value instanceof Collection) {
            StringBuilder b = new StringBuilder();
            for (Object o : (Collection<?>) value) {
                b.append(b.length() == 0 ? "" : ",").append(o);
            }
            return b.toString();
        }
        return String.valueOf(value);
    }

    static UkaConfig config(Map<String, String> values) {
        UkaConfig.Builder b = UkaConfig.builder();
        String v;
        if ((v = values.get(MAX_DEPTH)) != null) {
            b.maxDepth(number(MAX_DEPTH, v));
        }
        if ((v = values.get(MAX_OBJECTS)) != null) {
            b.maxObjects(number(MAX_OBJECTS, v));
        }
        if ((v = values.get(MAX_TYPES)) != null) {
            b.maxTypes(number(MAX_TYPES, v));
        }
        if ((v = values.get(ALLOW)) != null) {
            b.allow(v.split(","));
        }
        return b.build();
    }

    private static int number(String key, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("uka setting " + key + " is not a number: '" + value + "'", e);
        }
    }

    private void register(Map<String, String> newValues) {
        UkaSerializer s = new UkaSerializer(config(newValues));
        values = newValues;
        serializer = s;
        Hashtable<String, Object> props = new Hashtable<>();
        props.put(Serializer.PROPERTY_NAME, UkaSerializer.NAME);
        props.put(Constants.SERVICE_RANKING, RANKING);
        registration = context.registerService(Serializer.class, s, props);
    }

    private void unregister() {
        unregister(registration);
        registration = null;
        serializer = null;
    }

    private static void unregister(ServiceRegistration<Serializer> r) {
        if (r != null) {
            try {
                r.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the bundle is stopping
            }
        }
    }
}
