package org.karmi.serial;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

import org.karmi.serial.spi.Marshaller;

/**
 * Settings of a {@link UkaSerializer}: limits per message, the allow-list of classes that may
 * be instantiated when the message's {@link java.io.ObjectInputFilter} leaves them undecided,
 * hand-written marshallers, and whether compile-time generated marshallers are used. Built with
 * {@link #builder()}; the defaults are {@link #defaults()}.
 *
 * <p>Threading: immutable.
 */
public final class UkaConfig {

    /** Default nesting depth bound of one message (objects inside objects). */
    public static final int DEFAULT_MAX_DEPTH = 1000;
    /** Default bound of the number of objects in one message. */
    public static final int DEFAULT_MAX_OBJECTS = 10_000_000;
    /** Default bound of the number of classes in one connection's type table. */
    public static final int DEFAULT_MAX_TYPES = 65_536;

    private static final UkaConfig DEFAULTS = builder().build();

    private final int maxDepth;
    private final int maxObjects;
    private final int maxTypes;
    private final boolean allowAll;
    private final Set<String> allowedClasses;
    private final List<String> allowedPackages;
    private final List<Predicate<Class<?>>> allowedBy;
    private final Map<Class<?>, Marshaller<?>> marshallers;
    private final boolean generatedMarshallers;
    private final boolean runtimeGeneratedMarshallers;

    private UkaConfig(Builder b) {
        this.maxDepth = b.maxDepth;
        this.maxObjects = b.maxObjects;
        this.maxTypes = b.maxTypes;
        this.allowAll = b.allowAll;
        this.allowedClasses = Set.copyOf(b.allowedClasses);
        this.allowedPackages = List.copyOf(b.allowedPackages);
        this.allowedBy = List.copyOf(b.allowedBy);
        this.marshallers = new IdentityHashMap<>(b.marshallers);
        this.generatedMarshallers = b.generatedMarshallers;
        this.runtimeGeneratedMarshallers = b.runtimeGeneratedMarshallers;
    }

    /** Limits 1000 / 10,000,000 / 65,536, nothing extra allowed, generated marshallers used. */
    public static UkaConfig defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    public int maxDepth() {
        return maxDepth;
    }

    public int maxObjects() {
        return maxObjects;
    }

    public int maxTypes() {
        return maxTypes;
    }

    public boolean generatedMarshallers() {
        return generatedMarshallers;
    }

    /** Whether classes without a compile-time marshaller get one generated at run time (else interpreted). */
    public boolean runtimeGeneratedMarshallers() {
        return runtimeGeneratedMarshallers;
    }

    /** Hand-written marshallers by exact class. */
    public Map<Class<?>, Marshaller<?>> marshallers() {
        return Map.copyOf(marshallers);
    }

    /** The allow-list's answer per class, computed once (the predicates must be pure). */
    private final ClassValue<Boolean> allowed = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> c) {
            return decide(c);
        }
    };

    /** Whether the allow-list allows {@code c} (not counting the filter or the built-ins). */
    public boolean allows(Class<?> c) {
        return allowed.get(c);
    }

    private boolean decide(Class<?> c) {
        if (allowAll || allowedClasses.contains(c.getName())) {
            return true;
        }
        String pkg = c.getPackageName();
        for (String p : allowedPackages) {
            if (pkg.equals(p) || pkg.startsWith(p + ".")) {
                return true;
            }
        }
        for (Predicate<Class<?>> p : allowedBy) {
            if (p.test(c)) {
                return true;
            }
        }
        return false;
    }

    /** Builds a {@link UkaConfig}. Not thread-safe. */
    public static final class Builder {
        private int maxDepth = DEFAULT_MAX_DEPTH;
        private int maxObjects = DEFAULT_MAX_OBJECTS;
        private int maxTypes = DEFAULT_MAX_TYPES;
        private boolean allowAll;
        private final Set<String> allowedClasses = new HashSet<>();
        private final List<String> allowedPackages = new ArrayList<>();
        private final List<Predicate<Class<?>>> allowedBy = new ArrayList<>();
        private final Map<Class<?>, Marshaller<?>> marshallers = new IdentityHashMap<>();
        private boolean generatedMarshallers = true;
        private boolean runtimeGeneratedMarshallers = true;

        private Builder() {
        }

        /** Bound of nesting depth per message (reading and writing); at least 1. */
        public Builder maxDepth(int v) {
            this.maxDepth = positive(v, "maxDepth");
            return this;
        }

        /** Bound of objects per message read; at least 1. */
        public Builder maxObjects(int v) {
            this.maxObjects = positive(v, "maxObjects");
            return this;
        }

        /** Bound of classes in a connection's type table; at least 1. */
        public Builder maxTypes(int v) {
            this.maxTypes = positive(v, "maxTypes");
            return this;
        }

        /** Allows these exact classes. */
        public Builder allow(Class<?>... classes) {
            for (Class<?> c : classes) {
                allowedClasses.add(c.getName());
            }
            return this;
        }

        /**
         * Allows classes by exact name ({@code com.acme.Order}) or package ({@code com.acme.*} or
         * {@code com.acme.**}, sub-packages too in both forms). Blank patterns are ignored.
         */
        public Builder allow(String... patterns) {
            for (String raw : patterns) {
                String p = raw.trim();
                if (p.isEmpty()) {
                    continue;
                }
                if (p.endsWith(".**")) {
                    allowedPackages.add(p.substring(0, p.length() - 3));
                } else if (p.endsWith(".*")) {
                    allowedPackages.add(p.substring(0, p.length() - 2));
                } else {
                    allowedClasses.add(p);
                }
            }
            return this;
        }

        /** Allows every class the predicate accepts. */
        public Builder allow(Predicate<Class<?>> predicate) {
            allowedBy.add(Objects.requireNonNull(predicate));
            return this;
        }

        /**
         * Allows every class (trusted peers only, as the paper's cluster assumes). The
         * JVM-wide and the message's filters can still reject.
         */
        public Builder allowAll() {
            this.allowAll = true;
            return this;
        }

        /** Uses {@code m} for exactly class {@code type} (both ends must). */
        public <T> Builder marshaller(Class<T> type, Marshaller<? super T> m) {
            marshallers.put(type, m);
            return this;
        }

        /** Whether to use marshallers generated at compile time ({@code true}) or only run-time ones. */
        public Builder generatedMarshallers(boolean use) {
            this.generatedMarshallers = use;
            return this;
        }

        /**
         * Whether a class without a compile-time marshaller gets one generated at run time
         * (method handles in a hidden class, the default) or the interpreted, reflective one
         * (the fallback, also used when generation fails). Both write the same bytes.
         */
        public Builder runtimeGeneratedMarshallers(boolean use) {
            this.runtimeGeneratedMarshallers = use;
            return this;
        }

        public UkaConfig build() {
            return new UkaConfig(this);
        }

        private static int positive(int v, String what) {
            if (v < 1) {
                throw new IllegalArgumentException(what + " must be at least 1: " + v);
            }
            return v;
        }
    }
}
