package org.karmi.node.logging;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The node's {@link System.LoggerFinder}: every {@link System.Logger} it makes prints to the
 * console through {@code java.util.logging} as the JDK's default finder does (same levels, same
 * one-line format), and also hands each record to the {@link LogSink} the launcher
 * {@link #route routes} to, the OSGi Log Service once the framework runs. Records before that,
 * or with no sink, reach the console only.
 * <p>
 * The JDK finds this class with {@code ServiceLoader.load(System.LoggerFinder.class,
 * ClassLoader.getSystemClassLoader())} (JDK 17 and 25 alike) at the first
 * {@code System.getLogger}, from {@code META-INF/services/java.lang.System$LoggerFinder}: so
 * this package and that file sit at the top of {@code karmi-node.jar} (the system class path),
 * not in the launcher jar that bnd's embedded launcher loads in a child class loader. It
 * therefore uses only JDK types. Thread-safe.
 */
public final class NodeLoggerFinder extends System.LoggerFinder {

    private static final AtomicReference<LogSink> SINK = new AtomicReference<>();

    /** Called by the JDK's {@code ServiceLoader}. */
    public NodeLoggerFinder() {
    }

    @Override
    public System.Logger getLogger(String name, Module module) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(module, "module");
        return new NodeLogger(name, module.getClassLoader());
    }

    /**
     * Sends every logger's records to {@code sink} as well as to the console, from the next
     * record on (loggers made earlier included).
     *
     * @return whether the JDK uses this finder, that is whether records will reach the sink
     */
    public static boolean route(LogSink sink) {
        SINK.set(Objects.requireNonNull(sink, "sink"));
        return System.LoggerFinder.getLoggerFinder() instanceof NodeLoggerFinder;
    }

    /** Stops sending records to {@code sink} if it is the current one; the console keeps them. */
    public static void unroute(LogSink sink) {
        SINK.compareAndSet(sink, null);
    }

    static LogSink sink() {
        return SINK.get();
    }
}
