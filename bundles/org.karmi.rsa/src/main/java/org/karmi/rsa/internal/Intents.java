package org.karmi.rsa.internal;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The intents this provider honours and the check of a service's exported intents against
 * them. Stateless; thread-safe.
 */
final class Intents {

    /**
     * {@code osgi.basic}: calls by value of the types the interfaces declare (the uka serializer,
     * the interfaces' declared types allowed, classes through the exporting and importing bundles).
     */
    static final String BASIC = "osgi.basic";
    /** Every intent this provider honours. */
    static final List<String> SUPPORTED = List.of(BASIC);

    private Intents() {
    }

    /** The intents the service asks for ({@code service.exported.intents} and {@code .extra}). */
    static Set<String> requested(Map<String, Object> props) {
        Set<String> out = new LinkedHashSet<>();
        out.addAll(KarmiEndpoints.strings(props.get("service.exported.intents")));
        out.addAll(KarmiEndpoints.strings(props.get("service.exported.intents.extra")));
        return out;
    }

    /** The requested intents this provider cannot honour, in the order asked. */
    static Set<String> unsupported(Map<String, Object> props) {
        Set<String> out = requested(props);
        out.removeAll(SUPPORTED);
        return out;
    }

    /** The intents the endpoint realizes ({@code service.intents}): the service's own, the requested, and ours. */
    static String[] realized(Map<String, Object> props) {
        Set<String> out = new LinkedHashSet<>(KarmiEndpoints.strings(props.get("service.intents")));
        out.addAll(requested(props));
        out.addAll(SUPPORTED);
        return out.toArray(new String[0]);
    }
}
