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
    /**
     * {@code osgi.async}: methods returning {@code CompletableFuture}, {@code CompletionStage},
     * {@code Future} or {@code Promise} return at once on the importing side and complete when
     * the exporting side's result does ({@link ImportedService}, {@link ServiceForwarder}).
     */
    static final String ASYNC = "osgi.async";
    /** The endpoint property bounding a call on the importing side, in milliseconds ({@code osgi.basic}). */
    static final String TIMEOUT = "osgi.basic.timeout";
    /** Every intent this provider honours. */
    static final List<String> SUPPORTED = List.of(BASIC, ASYNC);

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

    /**
     * The endpoint's {@value #TIMEOUT} in milliseconds (a number, or a string of one); 0 if it
     * has none.
     *
     * @throws IllegalArgumentException if it is not a positive whole number
     */
    static long timeoutMillis(Map<String, Object> props) {
        Object v = props.get(TIMEOUT);
        if (v == null) {
            return 0;
        }
        long t;
        try {
            t = v instanceof Number n ? n.longValue() : Long.parseLong(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(TIMEOUT + " is not a number of milliseconds: " + v, e);
        }
        if (t <= 0) {
            throw new IllegalArgumentException(TIMEOUT + " must be positive: " + v);
        }
        return t;
    }

    /** The intents the endpoint realizes ({@code service.intents}): the service's own, the requested, and ours. */
    static String[] realized(Map<String, Object> props) {
        Set<String> out = new LinkedHashSet<>(KarmiEndpoints.strings(props.get("service.intents")));
        out.addAll(requested(props));
        out.addAll(SUPPORTED);
        return out.toArray(new String[0]);
    }
}
